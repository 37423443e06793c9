/*
 * q6_K.c - Q6_K weights against block_q8_K32 activations.
 *
 * block_q6_K (210 bytes / 256): uint8 ql[128]; uint8 qh[64]; int8 scales[16]; ck_half d;
 *   Half h (0, 1) covers elements 128h...128h+127 with ql' = ql + 64h, qh' = qh + 32h.
 *   Element 128h + 32t + l (t = 0...3, l < 32) has
 *     low 4 bits:  t = 0: ql'[l] & 15   t = 1: ql'[l+32] & 15   t = 2: ql'[l] >> 4   t = 3: ql'[l+32] >> 4
 *     high 2 bits: (qh'[l] >> 2t) & 3
 *   q in 0...63; sixteen sub-blocks of 16 with a signed 8-bit scale each:
 *   x = (d * scales[e / 16]) * (q - 32).
 *
 * Dot with block_q8_K32 (a scale dx[g] per group g of 32, i.e. per two sub-blocks; qx, bsums):
 *   y = sum_superblocks d * sum_g dx[g] * sum_{s in g} sc[s] * ( sum_{i in s} q[i] qx[i] - 32 * bsums[s] )
 *   (the offset of 32 is applied once per sub-block through the activation sums; each group's
 *   sum is exact in int32, then scaled in f32.)
 * Variants: ref (dequantize, double sum), generic, AVX2 (maddubs + madd by scale),
 *   AVX-512 VNNI (64 elements per zmm, vpdpbusd, then each lane times d sc_s dx of its
 *   sub-block; activations in the ck_q8_K6x layout).
 */
#include "ck_kquant_x86.h"

void ck_dequantize_row_q6_K_ref(const void *src, float *dst, int64_t n) {
    const block_q6_K *x = (const block_q6_K *)src;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        const float d = ck_h2f(x[b].d);
        for (int h = 0; h < 2; h++) {
            const uint8_t *ql = x[b].ql + 64 * h, *qh = x[b].qh + 32 * h;
            const int8_t *sc = x[b].scales + 8 * h;
            float *y = dst + b * CK_QK_K + 128 * h;
            for (int l = 0; l < 32; l++) {
                const int s = l / 16;
                const int q1 = (int)((ql[l] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32;
                const int q2 = (int)((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
                const int q3 = (int)((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
                const int q4 = (int)((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
                y[l] = (d * (float)sc[s]) * (float)q1;
                y[l + 32] = (d * (float)sc[s + 2]) * (float)q2;
                y[l + 64] = (d * (float)sc[s + 4]) * (float)q3;
                y[l + 96] = (d * (float)sc[s + 6]) * (float)q4;
            }
        }
    }
}

CK_REF_DOT_Q8_K32(ck_vec_dot_q6_K_q8_K32_ref, block_q6_K, ck_dequantize_row_q6_K_ref)

CK_INLINE float ck_dot_q6_K_block(const block_q6_K *a, const block_q8_K32 *b) {
    int8_t q[CK_QK_K]; /* [256] the 6-bit values minus 32, in element order */
    for (int h = 0; h < 2; h++) {
        const uint8_t *ql = a->ql + 64 * h, *qh = a->qh + 32 * h;
        int8_t *o = q + 128 * h;
        for (int l = 0; l < 32; l++) {
            o[l] = (int8_t)((int)((ql[l] & 0xF) | ((qh[l] & 3) << 4)) - 32);
            o[l + 32] = (int8_t)((int)((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32);
            o[l + 64] = (int8_t)((int)((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32);
            o[l + 96] = (int8_t)((int)((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32);
        }
    }
    float sumd = 0.0f;
    for (int g = 0; g < 8; g++) {
        int32_t sumi = 0; /* |sumi| <= 2 * 128 * 16 * 32 * 127 < 2^24: exact as a float too */
        for (int s = 2 * g; s < 2 * g + 2; s++) {
            int32_t isum = 0;
            for (int i = 0; i < 16; i++) isum += q[16 * s + i] * b->qs[16 * s + i];
            sumi += a->scales[s] * isum;
        }
        sumd += b->d[g] * (float)sumi;
    }
    return ck_h2f(a->d) * sumd;
}
CK_GENERIC_DOT(ck_vec_dot_q6_K_q8_K32_generic, block_q6_K, CK_QK_K, block_q8_K32, ck_dot_q6_K_block)

#if defined(CK_X86)

/* ---- AVX2 ------------------------------------------------------------------------------------- */

CK_INLINE_AVX2 void ck_vec_dot_q6_K_q8_K32_avx2_nx(int64_t n, const void *w, const void *x, size_t xs,
                                                   int nx, float *out) {
    const block_q6_K *a = (const block_q6_K *)w;
    const __m256i low4 = _mm256_set1_epi8(0x0F), bits45 = _mm256_set1_epi8(0x30);
    /* vpshufb controls: word 2t of a lane into the low lane's words, word 2t + 1 into the high's */
    __m256i pick[4];
    for (int t = 0; t < 4; t++)
        pick[t] = _mm256_setr_m128i(_mm_set1_epi16((short)(0x0100 * (4 * t + 1) + 4 * t)),
                                    _mm_set1_epi16((short)(0x0100 * (4 * t + 3) + 4 * t + 2)));
    __m256 acc[CK_MAX_NX];
    for (int j = 0; j < nx; j++) acc[j] = _mm256_setzero_ps();
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const __m256i sc16 = _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)a[k].scales));
        const float d = ck_h2f_f16c(a[k].d);
        __m256 sumd[CK_MAX_NX], sumd2[CK_MAX_NX]; /* this super-block's sum_g dx[g] (...)_g, 8 lanes (two chains) */
        for (int j = 0; j < nx; j++) {
            /* the -32 offset: -32 * (sc[2g] bsums[2g] + sc[2g+1] bsums[2g+1]) in lane g, times dx[g] */
            const block_q8_K32 *b = (const block_q8_K32 *)((const char *)x + (size_t)j * xs) + k;
            const __m256i corr = _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)b->bsums), sc16);
            sumd[j] = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_setzero_si256(), _mm256_slli_epi32(corr, 5))),
                                    _mm256_loadu_ps(b->d));
            sumd2[j] = _mm256_setzero_ps();
        }
        for (int h = 0; h < 2; h++) {
            const __m256i sch = h ? _mm256_permute2x128_si256(sc16, sc16, 0x11) /* sc[8h ... 8h + 7], both lanes */
                                  : _mm256_permute2x128_si256(sc16, sc16, 0x00);
            const __m256i l0 = _mm256_loadu_si256((const __m256i *)(a[k].ql + 64 * h));
            const __m256i l1 = _mm256_loadu_si256((const __m256i *)(a[k].ql + 64 * h + 32));
            const __m256i hq = _mm256_loadu_si256((const __m256i *)(a[k].qh + 32 * h));
            __m256i v[4]; /* [4][32 bytes]: elements 128h + 32t ... 128h + 32t + 31 (group 4h + t) */
            v[0] = _mm256_or_si256(_mm256_and_si256(l0, low4), _mm256_and_si256(_mm256_slli_epi16(hq, 4), bits45));
            v[1] = _mm256_or_si256(_mm256_and_si256(l1, low4), _mm256_and_si256(_mm256_slli_epi16(hq, 2), bits45));
            v[2] = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(l0, 4), low4), _mm256_and_si256(hq, bits45));
            v[3] = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(l1, 4), low4),
                                   _mm256_and_si256(_mm256_srli_epi16(hq, 2), bits45));
            for (int t = 0; t < 4; t++) {
                /* sub-blocks s = 8h + 2t (lane 0) and s + 1 (lane 1) */
                const __m256i sv = _mm256_shuffle_epi8(sch, pick[t]); /* sc[s] in the low lane, sc[s + 1] in the high */
                for (int j = 0; j < nx; j++) {
                    const block_q8_K32 *b = (const block_q8_K32 *)((const char *)x + (size_t)j * xs) + k;
                    const __m256i p = _mm256_maddubs_epi16(v[t], _mm256_loadu_si256((const __m256i *)(b->qs + 128 * h + 32 * t)));
                    __m256 *chain = (t & 1) ? &sumd2[j] : &sumd[j];
                    *chain = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_madd_epi16(p, sv)), _mm256_set1_ps(b->d[4 * h + t]), *chain);
                }
            }
        }
        for (int j = 0; j < nx; j++) acc[j] = _mm256_fmadd_ps(_mm256_set1_ps(d), _mm256_add_ps(sumd[j], sumd2[j]), acc[j]);
    }
    for (int j = 0; j < nx; j++) out[j] = ck_hsum256(acc[j]);
}
CK_NX_ENTRIES(ck_vec_dot_q6_K_q8_K32_avx2, CK_AVX2)

/* ---- AVX-512 VNNI ------------------------------------------------------------------------------ */

/* Per half h, one 64-byte load of ql (and 32 bytes of qh) gives two zmm of 64 values 0...63:
 * elements 0-63 of the half (sub-blocks 8h...8h+3, four int32 lanes each after vpdpbusd) and
 * 64-127 (8h+4...8h+7), against ck_q8_K6x activations. Each lane's factor d sc_s dx comes
 * from one product per super-block and row (d sc as sixteen floats times ck_q8_K6x.d2) spread
 * by vpermps; the same product times the float bsums is the offset of 32. */
CK_INLINE_AVX512 void ck_vec_dot_q6_K_q8_K32_avx512_nx(int64_t n, const void *w, const void *x, size_t xs,
                                                       int nx, float *out) {
    const block_q6_K *a = (const block_q6_K *)w;
    const __m512i low4 = _mm512_set1_epi8(0x0F), bits45 = _mm512_set1_epi8(0x30);
    const __m512i sh0 = _mm512_inserti64x4(_mm512_set1_epi16(4), _mm256_set1_epi16(2), 1);
    const __m512i sh1 = _mm512_inserti64x4(_mm512_setzero_si512(), _mm256_set1_epi16(2), 1);
    __m512i lanes[4]; /* [4] vpermps indices: sub-blocks 4z ... 4z + 3, four lanes each */
    for (int z = 0; z < 4; z++)
        lanes[z] = _mm512_add_epi32(_mm512_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3),
                                    _mm512_set1_epi32(4 * z));
    __m512 acc[2][CK_MAX_NX];
    __m512 accc[CK_MAX_NX]; /* the offset terms */
    for (int j = 0; j < nx; j++) acc[0][j] = acc[1][j] = accc[j] = _mm512_setzero_ps();
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const __m512 dsc = _mm512_mul_ps(_mm512_set1_ps(ck_h2f_f16c(a[k].d)),
                                         _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)a[k].scales))));
        __m512 f[CK_MAX_NX][4];
        for (int j = 0; j < nx; j++) {
            const ck_q8_K6x *b = (const ck_q8_K6x *)((const char *)x + (size_t)j * xs) + k;
            accc[j] = ck_lane_factors(dsc, b->d2, b->bsf, lanes, f[j], accc[j]);
        }
        for (int h = 0; h < 2; h++) {
            const __m512i l = _mm512_loadu_si512(a[k].ql + 64 * h);
            const __m512i hq = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)(a[k].qh + 32 * h)));
            /* high bits to bits 4-5: elements 0-63 of the half take qh bits 0-1 (<< 4) then 2-3
             * (<< 2); elements 64-127 take bits 4-5 (as is) then 6-7 (>> 2) */
            const __m512i h0 = _mm512_sllv_epi16(hq, sh0);
            const __m512i h1 = _mm512_srlv_epi16(hq, sh1);
            const __m512i v0 = _mm512_ternarylogic_epi32(_mm512_and_si512(l, low4), h0, bits45, 0xF8);
            const __m512i v1 = _mm512_ternarylogic_epi32(_mm512_and_si512(_mm512_srli_epi16(l, 4), low4), h1, bits45, 0xF8);
            for (int j = 0; j < nx; j++) {
                const int8_t *y = ((const ck_q8_K6x *)((const char *)x + (size_t)j * xs) + k)->qs + 128 * h;
                acc[0][j] = ck_group_step(acc[0][j], v0, _mm512_load_si512(y), f[j][2 * h]);
                acc[1][j] = ck_group_step(acc[1][j], v1, _mm512_load_si512(y + 64), f[j][2 * h + 1]);
            }
        }
    }
    for (int j = 0; j < nx; j++)
        out[j] = ck_hsum512(_mm512_fnmadd_ps(_mm512_set1_ps(32.0f), accc[j], _mm512_add_ps(acc[0][j], acc[1][j])));
}
CK_NX_ENTRIES(ck_vec_dot_q6_K_q8_K32_avx512, CK_AVX512)

/* The GEMM panels of super-blocks c0...c0+cb-1 of `nrows` rows (gemm_kq.c): values 0...63 as
 * the dot decodes them (a 64-value chunk of every row, transposed into 16 steps) and d times
 * each of the sixteen signed scales (the offset of 32 comes from the activation sums). */
CK_INLINE_AVX512 __m512i ck_pack_q6_K_chunk(const block_q6_K *a, int c) {
    const __m512i low4 = _mm512_set1_epi8(0x0F), bits45 = _mm512_set1_epi8(0x30);
    const __m512i sh0 = _mm512_inserti64x4(_mm512_set1_epi16(4), _mm256_set1_epi16(2), 1);
    const __m512i sh1 = _mm512_inserti64x4(_mm512_setzero_si512(), _mm256_set1_epi16(2), 1);
    const int h = c / 2;
    const __m512i l = _mm512_loadu_si512(a->ql + 64 * h);
    const __m512i hq = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)(a->qh + 32 * h)));
    return c % 2 == 0 ? _mm512_ternarylogic_epi32(_mm512_and_si512(l, low4), _mm512_sllv_epi16(hq, sh0), bits45, 0xF8)
                      : _mm512_ternarylogic_epi32(_mm512_and_si512(_mm512_srli_epi16(l, 4), low4),
                                                  _mm512_srlv_epi16(hq, sh1), bits45, 0xF8);
}

CK_AVX512 void ck_pack_q6_K(const char *W, size_t row_stride, int nrows, int64_t c0, int cb, ck_kq_panel *panel) {
    for (int k = 0; k < cb; k++) {
        ck_kq_panel *p = panel + k;
        for (int c = 0; c < 4; c++) {
#define CK_Q6_K_ROW(r) ck_pack_q6_K_chunk((const block_q6_K *)(W + (size_t)(r) * row_stride) + c0 + k, c)
            CK_PACK_CHUNK(p, c, nrows, CK_Q6_K_ROW);
#undef CK_Q6_K_ROW
        }
        for (int r = 0; r < nrows; r++) {
            const block_q6_K *a = (const block_q6_K *)(W + (size_t)r * row_stride) + c0 + k;
            const float d = ck_h2f_f16c(a->d);
            for (int g = 0; g < 16; g++) p->dsc[g][r] = d * (float)a->scales[g];
        }
    }
}

#endif /* CK_X86 */
