/*
 * ck_x86_q32.h - the block-loop drivers of the 32-element types on x86 (AVX2 over block_q8_0,
 * with a step for the types with a minimum; AVX-512 over ck_q8_0x16 and its GEMM, and over plain
 * block_q8_0 for the types with a minimum). Included by ck_x86.h after its SIMD helpers.
 */
#ifndef CK_X86_Q32_H
#define CK_X86_Q32_H

#if defined(CK_X86)

/* The dot product of a 32-block weight type with block_q8_0 activations at the AVX2 level:
 * DECODE(block pointer) gives the block's 32 weights as signed bytes (zero point removed);
 * the sign trick makes them unsigned for maddubs (Q8_0; Q4_0 and Q5_0 use q8_0a.c's step). */
#define CK_AVX2_STEP(DECODE, k, slot)                                                           \
    {                                                                                           \
        const __m256i qa = DECODE(a + (k));                                                     \
        const __m256i ua = _mm256_sign_epi8(qa, qa);                                            \
        const float da = ck_h2f_f16c(a[k].d);                                                   \
        for (int j = 0; j < nx; j++) {                                                          \
            const block_q8_0 *b = (const block_q8_0 *)((const char *)x + (size_t)j * xs) + (k); \
            const __m256i sb = _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)b->qs), qa);\
            const __m256 sc = _mm256_set1_ps(da * ck_h2f_f16c(b->d));                           \
            acc[j][slot] = _mm256_fmadd_ps(sc, _mm256_cvtepi32_ps(ck_dot_u8i8_avx2(ua, sb)), acc[j][slot]); \
        }                                                                                       \
    }
/* The block loop of the AVX2 dot products over 32-element blocks: STEP(DECODE_FN, k, slot)
 * adds block k of every activation row j < nx into acc[j][slot]; blocks alternate between two
 * accumulators so the fma latency does not serialize the loop. */
#define CK_AVX2_PAIRED_DOT(name, block_t, STEP, DECODE_FN)                                      \
    CK_INLINE_AVX2 void name##_nx(int64_t n, const void *w, const void *x, size_t xs, int nx,   \
                                  float *out) {                                                 \
        const block_t *a = (const block_t *)w;                                                  \
        const int64_t nb = n / CK_QK;                                                           \
        __m256 acc[CK_MAX_NX][2];                                                               \
        for (int j = 0; j < nx; j++) acc[j][0] = acc[j][1] = _mm256_setzero_ps();               \
        int64_t k = 0;                                                                          \
        for (; k + 1 < nb; k += 2) {                                                            \
            STEP(DECODE_FN, k, 0)                                                               \
            STEP(DECODE_FN, k + 1, 1)                                                           \
        }                                                                                       \
        if (k < nb) STEP(DECODE_FN, k, 0)                                                       \
        for (int j = 0; j < nx; j++) out[j] = ck_hsum256(_mm256_add_ps(acc[j][0], acc[j][1]));  \
    }                                                                                           \
    CK_NX_ENTRIES(name, CK_AVX2)
#define CK_AVX2_BLOCK_DOT(name, block_t, DECODE_FN) CK_AVX2_PAIRED_DOT(name, block_t, CK_AVX2_STEP, DECODE_FN)

/* The step of the 32-block types with a minimum (Q4_1, Q5_1: x = d q + m, q unsigned) against
 * block_q8_0: DECODE(block pointer) gives q as unsigned bytes, so maddubs needs no sign trick
 * (31 * 127 * 2 < 2^15); maddubs against ones gives the activations' pairs. vphaddw and
 * vpmaddwd fold both into one int32 vector, per 128-bit lane [p p s s] with p parts of
 * sum q qx and s parts of sum qx (all exact: |pair sums| < 2^14), and one fma by
 * [dw dx, dw dx, m dx, m dx] adds the block: (dw dx) sum q qx + (m dx) sum qx, the generic
 * loop's two products (d and m are adjacent halves, converted together). */
#define CK_AVX2_MIN_STEP(DECODE, k, slot)                                                       \
    {                                                                                           \
        const __m256i q = DECODE(a + (k));                                                      \
        uint32_t dmbits;                                                                        \
        memcpy(&dmbits, &a[k].d, 4);                                                            \
        const __m128 dm = _mm_cvtph_ps(_mm_cvtsi32_si128((int)dmbits)); /* [dw, m, 0, 0] */     \
        const __m128 ddmm = _mm_permute_ps(dm, 0x50);                   /* [dw, dw, m, m] */    \
        const __m256 wsc = _mm256_set_m128(ddmm, ddmm);                                         \
        for (int j = 0; j < nx; j++) {                                                          \
            const block_q8_0 *b = (const block_q8_0 *)((const char *)x + (size_t)j * xs) + (k); \
            const __m256i qx = _mm256_loadu_si256((const __m256i *)b->qs);                      \
            const __m256i p16 = _mm256_maddubs_epi16(q, qx);                                    \
            const __m256i s16 = _mm256_maddubs_epi16(_mm256_set1_epi8(1), qx);                  \
            const __m256i ps = _mm256_madd_epi16(_mm256_hadd_epi16(p16, s16), _mm256_set1_epi16(1)); \
            const __m256 sc = _mm256_mul_ps(wsc, _mm256_set1_ps(ck_h2f_f16c(b->d)));            \
            acc[j][slot] = _mm256_fmadd_ps(sc, _mm256_cvtepi32_ps(ps), acc[j][slot]);           \
        }                                                                                       \
    }
#define CK_AVX2_MIN_DOT(name, block_t, DECODE_FN) CK_AVX2_PAIRED_DOT(name, block_t, CK_AVX2_MIN_STEP, DECODE_FN)

void ck_quantize_row_q8_0x16_q4_0(const float *x, void *y, int64_t n);
void ck_quantize_row_q8_0x16_q5_0(const float *x, void *y, int64_t n);
void ck_quantize_row_q8_0x16_q8_0(const float *x, void *y, int64_t n);
void ck_quantize_row_q8_0x16_mxfp4(const float *x, void *y, int64_t n);
/* MXFP4's doubled E2M1 values plus 12 (ck_kvalues_mxfp4 + 12: 0...24), the table of the x86
 * decoders' vpshufb, as a constant the compiler keeps in a register across the block loop. */
#define CK_MXFP4_U8_TABLE _mm_setr_epi8(12, 13, 14, 15, 16, 18, 20, 24, 12, 11, 10, 9, 8, 6, 4, 0)
void ck_quantize_row_q8_Kx(const float *x, void *y, int64_t n);
void ck_quantize_row_q8_K6x(const float *x, void *y, int64_t n);

/* One vpdpbusd step of a 32-block type at the AVX-512 level: block pair k of the group
 * (weights q as unsigned bytes), for every activation row j, into accumulator `slot`. */
#define CK_X16_PAIR(q, k, slot)                                                                 \
    for (int j = 0; j < nx; j++) {                                                              \
        __m512i p = _mm512_load_si512(G[j]->negc[k]);                                           \
        p = _mm512_dpbusd_epi32(p, (q), _mm512_load_si512(G[j]->qs + 64 * (k)));               \
        acc[j][slot] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(p), ck_pair_scales(s[j], (k)), acc[j][slot]); \
    }

#define CK_X16_STEP(DECODE, k)                                                                  \
    {                                                                                           \
        const __m512i q = DECODE(ag + 2 * (k), 1);                                              \
        CK_X16_PAIR(q, k, (k) & 1)                                                              \
    }

/* The dot product of a 32-block weight type with ck_q8_0x16 activations, in groups of 16
 * blocks: the 16 weight scales come in one gather, the block pairs of a full group are
 * unrolled, and DECODE(block pointer, two) gives a pair's 64 weights as unsigned bytes.
 * CK_X16_DOT_S takes the gather: SCALES16(first block, count) -> the blocks' scales as f32
 * (CK_X16_DOT: f16 `d` fields). */
#define CK_X16_DOT(name, block_t, DECODE) CK_X16_DOT_S(name, block_t, DECODE, CK_SCALES16_F16)
#define CK_SCALES16_F16(ag, cnt) ck_gather_half16(&(ag)->d, sizeof(*(ag)), cnt)
#define CK_X16_DOT_S(name, block_t, DECODE, SCALES16)                                           \
    CK_INLINE_AVX512 void name##_nx(int64_t n, const void *w, const void *x, size_t xs, int nx, \
                                    float *out) {                                               \
        const block_t *a = (const block_t *)w;                                                  \
        const int64_t nb = n / CK_QK;                                                           \
        __m512 acc[CK_MAX_NX][2];                                                               \
        for (int j = 0; j < nx; j++) acc[j][0] = acc[j][1] = _mm512_setzero_ps();               \
        for (int64_t g = 0; 16 * g < nb; g++) {                                                 \
            const block_t *ag = a + 16 * g;                                                     \
            const int cnt = (int)(nb - 16 * g < 16 ? nb - 16 * g : 16);                         \
            const __m512 dw = SCALES16(ag, cnt);                                                \
            const ck_q8_0x16 *G[CK_MAX_NX];                                                     \
            __m512 s[CK_MAX_NX];                                                                \
            for (int j = 0; j < nx; j++) {                                                      \
                G[j] = (const ck_q8_0x16 *)((const char *)x + (size_t)j * xs) + g;              \
                s[j] = _mm512_mul_ps(dw, _mm512_load_ps(G[j]->d));                              \
            }                                                                                   \
            if (cnt == 16) {                                                                    \
                _Pragma("clang loop unroll(full)") for (int k = 0; k < 8; k++) {                \
                    const __m512i q = DECODE(ag + 2 * k, 1);                                    \
                    CK_X16_PAIR(q, k, k & 1)                                                    \
                }                                                                               \
            } else {                                                                            \
                /* a partial group: its whole pairs, unrolled through a fallthrough switch so   \
                 * every pair keeps constant offsets, then a lone last block */                 \
                switch (cnt / 2) {                                                              \
                case 7: CK_X16_STEP(DECODE, 6) __attribute__((fallthrough));                    \
                case 6: CK_X16_STEP(DECODE, 5) __attribute__((fallthrough));                    \
                case 5: CK_X16_STEP(DECODE, 4) __attribute__((fallthrough));                    \
                case 4: CK_X16_STEP(DECODE, 3) __attribute__((fallthrough));                    \
                case 3: CK_X16_STEP(DECODE, 2) __attribute__((fallthrough));                    \
                case 2: CK_X16_STEP(DECODE, 1) __attribute__((fallthrough));                    \
                case 1: CK_X16_STEP(DECODE, 0) __attribute__((fallthrough));                    \
                default: break;                                                                 \
                }                                                                               \
                if (cnt & 1) {                                                                  \
                    const int k = cnt / 2;                                                      \
                    const __m512i q = DECODE(ag + 2 * k, 0);                                    \
                    CK_X16_PAIR(q, k, 1)                                                        \
                }                                                                               \
            }                                                                                   \
        }                                                                                       \
        for (int j = 0; j < nx; j++) out[j] = ck_hsum512(_mm512_add_ps(acc[j][0], acc[j][1]));  \
    }                                                                                           \
    CK_NX_ENTRIES_8(name, CK_AVX512)

/* The matrix-matrix product of a 32-block type at the AVX-512 level (see gemm_x16.c): `name`
 * is a ck_matmul_rows_fn over ck_q8_0x16 activations; name##_pack decodes blocks c0...c0+cb-1
 * of `nrows` (<= 16) rows into the panel, a block pair of every row at a time: DECODE(block,
 * two) gives row r's pair as 16 dwords (dword i = block i / 8, step i % 8), ck_transpose16
 * turns the 16 rows into 16 panel steps (missing rows zero). */
typedef void (*ck_x16_pack_fn)(const char *W, size_t row_stride, int nrows, int64_t c0, int cb, uint8_t *pq, float *pd);
void ck_gemm_x16_rows(ck_x16_pack_fn pack, const void *W, size_t row_stride, int64_t cols, const void *X,
                      size_t x_stride, int64_t nx, float *Y, int64_t y_stride, int64_t row_begin, int64_t row_end);

/* Transposes 16 x 16 dwords in place (v[r] dword c -> v[c] dword r): four rounds, round j
 * exchanging bit j of the row and column indices between row pairs (r, r | 2^j) with two
 * vpermt2d each. */
CK_INLINE_AVX512 void ck_transpose16(__m512i v[16]) {
    for (int j = 0; j < 4; j++) {
        const int bit = 1 << j;
        int i0[16], i1[16];
        for (int c = 0; c < 16; c++) {
            i0[c] = (c & bit) ? 16 + (c ^ bit) : c;
            i1[c] = (c & bit) ? 16 + c : (c ^ bit);
        }
        const __m512i x0 = _mm512_loadu_si512(i0), x1 = _mm512_loadu_si512(i1);
        for (int r = 0; r < 16; r++) {
            if (r & bit) continue;
            const __m512i a = v[r], b = v[r | bit];
            v[r] = _mm512_permutex2var_epi32(a, x0, b);
            v[r | bit] = _mm512_permutex2var_epi32(a, x1, b);
        }
    }
}

/* CK_X16_GEMM_S takes SCALE(block pointer) -> the block's scale as f32 (CK_X16_GEMM: f16 `d`). */
#define CK_X16_GEMM(name, block_t, DECODE) CK_X16_GEMM_S(name, block_t, DECODE, CK_SCALE_F16)
#define CK_SCALE_F16(p) ck_h2f_f16c((p)->d)
#define CK_X16_GEMM_S(name, block_t, DECODE, SCALE)                                             \
    static CK_AVX512 void name##_pack(const char *W, size_t row_stride, int nrows, int64_t c0, int cb, \
                                      uint8_t *pq, float *pd) {                                 \
        for (int b = 0; b < cb; b += 2) {                                                       \
            const int two = b + 1 < cb;                                                         \
            __m512i v[16];                                                                      \
            for (int r = 0; r < 16; r++) {                                                      \
                if (r < nrows) {                                                                \
                    const block_t *a = (const block_t *)(W + (size_t)r * row_stride) + c0 + b;  \
                    v[r] = DECODE(a, two);                                                      \
                    pd[16 * b + r] = SCALE(&a[0]);                                              \
                    if (two) pd[16 * b + 16 + r] = SCALE(&a[1]);                                \
                } else {                                                                        \
                    v[r] = _mm512_setzero_si512();                                              \
                }                                                                               \
            }                                                                                   \
            ck_transpose16(v);                                                                  \
            for (int i = 0; i < (two ? 16 : 8); i++) _mm512_store_si512(pq + (size_t)b * 512 + 64 * i, v[i]); \
        }                                                                                       \
    }                                                                                           \
    CK_MATMUL_VIA(CK_AVX512, name, ck_gemm_x16_rows, name##_pack)

/* The AVX2 GEMM of Q4_0 / Q5_0 (gemm_q8_0a.c): a pack function fills lane `lane` of an 8-row
 * panel with blocks c0...c0+cb-1 of one row. */
typedef void (*ck_g8_pack_fn)(const void *row, int64_t c0, int cb, uint8_t *pq, float *pd, int lane);
void ck_gemm_q8_0a_rows(ck_g8_pack_fn pack, const void *W, size_t row_stride, int64_t cols, const void *X,
                        size_t x_stride, int64_t nx, float *Y, int64_t y_stride, int64_t row_begin, int64_t row_end);

/* The decoded weights of one super-block of 16 rows for the k-quant GEMM (gemm_kq.c), 5632
 * bytes: q [64 steps][16 lanes][4] the unsigned values of elements 4*step...4*step+3 of each
 * row in the activations' element order; dsc [16][16] d * sc of each scale group per lane (Q6_K:
 * sixteen sub-blocks of 16 in element order; Q4_K/Q5_K: eight groups of 32 in the ck_q8_Kx
 * order); mins [8][16] -dmin * m of each group (Q4_K/Q5_K, element order). ck_kq_pack_fn
 * decodes super-blocks c0...c0+cb-1 of `nrows` (<= 16) rows into cb consecutive panels (missing
 * rows' values zero). */
typedef struct {
    uint8_t q[64][64];
    float dsc[16][16];
    float mins[8][16];
} ck_kq_panel;
_Static_assert(sizeof(ck_kq_panel) == 5632, "ck_kq_panel is 88 cache lines");
typedef void (*ck_kq_pack_fn)(const char *W, size_t row_stride, int nrows, int64_t c0, int cb, ck_kq_panel *panel);
void ck_pack_q6_K(const char *W, size_t row_stride, int nrows, int64_t c0, int cb, ck_kq_panel *panel);
void ck_pack_q4_K(const char *W, size_t row_stride, int nrows, int64_t c0, int cb, ck_kq_panel *panel);
void ck_pack_q5_K(const char *W, size_t row_stride, int nrows, int64_t c0, int cb, ck_kq_panel *panel);

/* Block pair k (k + 1 only when `two`) of a 32-block type with a minimum (Q4_1, Q5_1) against
 * block_q8_0, for every activation row: DECODE(block pointer, two) gives the pair's q as
 * unsigned bytes (upper half zero when `two` is 0), the activations are loaded the same way;
 * vpdpbusd forms sum q qx and, against ones, sum qx in eight int32 lanes per block. Lanes 0-7
 * take block k's scale products, lanes 8-15 block k + 1's (0 when there is none). */
#define CK_X2_MIN_STEP(DECODE, k, two)                                                          \
    {                                                                                           \
        const __m512i q = DECODE(a + (k), two);                                                 \
        const float dw0 = ck_h2f_f16c(a[k].d), mw0 = ck_h2f_f16c(a[k].m);                       \
        const float dw1 = (two) ? ck_h2f_f16c(a[(k) + 1].d) : 0.0f;                             \
        const float mw1 = (two) ? ck_h2f_f16c(a[(k) + 1].m) : 0.0f;                             \
        for (int j = 0; j < nx; j++) {                                                          \
            const block_q8_0 *b = (const block_q8_0 *)((const char *)x + (size_t)j * xs) + (k); \
            const __m512i qx = ck_load_pair256(b->qs, sizeof(block_q8_0), two);                 \
            const float dx0 = ck_h2f_f16c(b[0].d), dx1 = (two) ? ck_h2f_f16c(b[1].d) : 0.0f;    \
            const __m512 sd = _mm512_mask_blend_ps(0xFF00, _mm512_set1_ps(dw0 * dx0), _mm512_set1_ps(dw1 * dx1)); \
            const __m512 sm = _mm512_mask_blend_ps(0xFF00, _mm512_set1_ps(mw0 * dx0), _mm512_set1_ps(mw1 * dx1)); \
            const __m512i p = _mm512_dpbusd_epi32(_mm512_setzero_si512(), q, qx);               \
            const __m512i sx = _mm512_dpbusd_epi32(_mm512_setzero_si512(), _mm512_set1_epi8(1), qx); \
            acc[j][0] = _mm512_fmadd_ps(sd, _mm512_cvtepi32_ps(p), acc[j][0]);                  \
            acc[j][1] = _mm512_fmadd_ps(sm, _mm512_cvtepi32_ps(sx), acc[j][1]);                 \
        }                                                                                       \
    }

/* The dot product of a 32-block type with a minimum against plain block_q8_0 activations at
 * the AVX-512 level: block pairs in order, the scaled parts in one accumulator and the minimum
 * parts in another, added at the end. */
#define CK_X2_MIN_DOT(name, block_t, DECODE)                                                    \
    CK_INLINE_AVX512 void name##_nx(int64_t n, const void *w, const void *x, size_t xs, int nx, \
                                    float *out) {                                               \
        const block_t *a = (const block_t *)w;                                                  \
        const int64_t nb = n / CK_QK;                                                           \
        __m512 acc[CK_MAX_NX][2];                                                               \
        for (int j = 0; j < nx; j++) acc[j][0] = acc[j][1] = _mm512_setzero_ps();               \
        int64_t k = 0;                                                                          \
        for (; k + 1 < nb; k += 2) CK_X2_MIN_STEP(DECODE, k, 1)                                 \
        if (k < nb) CK_X2_MIN_STEP(DECODE, k, 0)                                                \
        for (int j = 0; j < nx; j++) out[j] = ck_hsum512(_mm512_add_ps(acc[j][0], acc[j][1]));  \
    }                                                                                           \
    CK_NX_ENTRIES(name, CK_AVX512)
#endif

#endif /* CK_X86_Q32_H */
