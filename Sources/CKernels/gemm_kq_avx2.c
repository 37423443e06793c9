/*
 * gemm_kq_avx2.c - the matrix-matrix product (prefill) of the k-quants Q4_K, Q5_K and Q6_K at the
 * AVX2 level, against the block_q8_K32 activations their dot products read.
 *
 * The same sums as the dots (q4_K.c, q5_K.c, q6_K.c), per super-block and weight row:
 *   Q4_K, Q5_K:  y += sum_G (d*sc[G]) * dx[G] * sum_{i in G} u[i] qx[i]  +  sum_G (-dmin*m[G]) * dx[G] * sum_{i in G} qx[i]
 *   Q6_K:        y += sum_G dx[G] * sum_{s in G} (d*sc[s]) * ( sum_{i in s} u[i] qx[i] - 32 * bsums[s] )
 * (G a group of 32 elements, s a sub-block of 16, u the stored unsigned values.)
 *
 * Weights are decoded once per 16 rows into two ck_kq8_panels per super-block (rows 0-7, 8-15):
 *   q    [64 steps][8 lanes][4] u8  elements 4*step...4*step+3 of each row (element order);
 *   dsc  [16][8] f32                d * sc of each scale group (Q4_K/Q5_K: 8 groups of 32,
 *                                   Q6_K: 16 sub-blocks of 16) per lane;
 *   mins [8][8]  f32                -dmin * m of each group (Q4_K/Q5_K).
 * A group's 16 row sums for an activation row are vpmaddubsw of the two panels' steps against
 * one broadcast of 4 activation bytes, added in int16 for as many steps as cannot overflow
 * (2 * 127 * u per step: Q4_K (u <= 15) all 8 steps of a group, Q5_K (u <= 31) 4, Q6_K
 * (u <= 63) 2), then widened by vpmaddwd against ones: exact int32 sums, as in the dot. A
 * group's sum is converted and multiplied by d*sc (the panel) times dx. The tile goes step by
 * step over CK_K8_NR activation rows (each panel step loaded once, each broadcast serving 16
 * rows), which keeps 2 * CK_K8_NR int16 sums in registers; Zen's broadcasts and adds take the
 * same vector pipes as the multiplies, so sharing them is what pays. Long rows go CK_K8_KC
 * super-blocks at a time (partial sums kept in Y).
 * The groups are added in another order than the dot's, so results are within DotTolerance of
 * it, not bit-equal.
 */
#include "ck_internal.h"

#if defined(CK_X86)

enum { CK_K8_KC = 4, CK_K8_NR = 4 };

typedef struct {
    uint8_t q[64][32];
    float dsc[16][8];
    float mins[8][8];
} ck_kq8_panel;
_Static_assert(sizeof(ck_kq8_panel) == 2816, "ck_kq8_panel is 44 cache lines");

/* ---- packing: one row's super-block as u[256] (element order) and its scales into lane
 * `lane`; the 8 rows' u then go into the panel's steps by 8 x 8 transposes of 4-byte words. --- */

/* Rows u[0..7] (256 bytes each) into p->q: step s, lane r = bytes 4s...4s+3 of row r. */
CK_INLINE_AVX2 void ck_k8_transpose(ck_kq8_panel *p, const uint8_t (*u)[CK_QK_K]) {
    for (int c = 0; c < 8; c++) { /* steps 8c...8c+7 */
        __m256i v[8], t[8];
        for (int r = 0; r < 8; r++) v[r] = _mm256_load_si256((const __m256i *)(u[r] + 32 * c));
        for (int r = 0; r < 8; r += 2) {
            t[r] = _mm256_unpacklo_epi32(v[r], v[r + 1]);     /* r0 r1 r0 r1 | ... words 0,1 | 4,5 */
            t[r + 1] = _mm256_unpackhi_epi32(v[r], v[r + 1]); /* words 2,3 | 6,7 */
        }
        for (int r = 0; r < 8; r += 4)
            for (int h = 0; h < 2; h++) {
                v[r + h] = _mm256_unpacklo_epi64(t[r + h], t[r + 2 + h]);     /* r..r+3, word 2h | 2h+4 */
                v[r + 2 + h] = _mm256_unpackhi_epi64(t[r + h], t[r + 2 + h]); /* word 2h+1 | 2h+5 */
            }
        /* v[0]: rows 0-3 words 0|4, v[2]: words 1|5, v[1]: words 2|6, v[3]: 3|7; v[4..7] rows 4-7 */
        static const int word[4] = {0, 2, 1, 3};
        for (int i = 0; i < 4; i++) {
            _mm256_store_si256((__m256i *)p->q[8 * c + i], _mm256_permute2x128_si256(v[word[i]], v[4 + word[i]], 0x20));
            _mm256_store_si256((__m256i *)p->q[8 * c + 4 + i], _mm256_permute2x128_si256(v[word[i]], v[4 + word[i]], 0x31));
        }
    }
}

/* Q4_K/Q5_K: d * sc and -dmin * m of each group of 32 into lane `lane`. */
CK_INLINE_AVX2 void ck_k8_put_scales_k4(ck_kq8_panel *p, int lane, const uint8_t *scales, ck_half d16, ck_half dmin16) {
    uint8_t sc[8], m[8];
    ck_unpack_scales_k4(scales, sc, m);
    const float d = ck_h2f_f16c(d16), dmin = ck_h2f_f16c(dmin16);
    for (int g = 0; g < 8; g++) {
        p->dsc[g][lane] = d * (float)sc[g];
        p->mins[g][lane] = -dmin * (float)m[g];
    }
}

static CK_AVX2 void ck_k8_pack_q4_K(const char *row, int64_t sb, ck_kq8_panel *p, int lane, uint8_t *u) {
    const block_q4_K *a = (const block_q4_K *)row + sb;
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    for (int c = 0; c < 4; c++) {
        const __m256i q = _mm256_loadu_si256((const __m256i *)(a->qs + 32 * c));
        _mm256_store_si256((__m256i *)(u + 64 * c), _mm256_and_si256(q, low4));
        _mm256_store_si256((__m256i *)(u + 64 * c + 32), _mm256_and_si256(_mm256_srli_epi16(q, 4), low4));
    }
    ck_k8_put_scales_k4(p, lane, a->scales, a->d, a->dmin);
}

static CK_AVX2 void ck_k8_pack_q5_K(const char *row, int64_t sb, ck_kq8_panel *p, int lane, uint8_t *u) {
    const block_q5_K *a = (const block_q5_K *)row + sb;
    const __m256i low4 = _mm256_set1_epi8(0x0F), sixteen = _mm256_set1_epi8(16);
    const __m256i qh = _mm256_loadu_si256((const __m256i *)a->qh);
    for (int c = 0; c < 4; c++) {
        const __m256i q = _mm256_loadu_si256((const __m256i *)(a->qs + 32 * c));
        /* bit 2c (low half) and 2c + 1 (high half) of qh[l] add 16 */
        const __m256i b0 = _mm256_set1_epi8((char)(1 << (2 * c))), b1 = _mm256_set1_epi8((char)(2 << (2 * c)));
        const __m256i h0 = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(qh, b0), b0), sixteen);
        const __m256i h1 = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(qh, b1), b1), sixteen);
        _mm256_store_si256((__m256i *)(u + 64 * c), _mm256_or_si256(_mm256_and_si256(q, low4), h0));
        _mm256_store_si256((__m256i *)(u + 64 * c + 32),
                           _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(q, 4), low4), h1));
    }
    ck_k8_put_scales_k4(p, lane, a->scales, a->d, a->dmin);
}

static CK_AVX2 void ck_k8_pack_q6_K(const char *row, int64_t sb, ck_kq8_panel *p, int lane, uint8_t *u) {
    const block_q6_K *a = (const block_q6_K *)row + sb;
    const __m256i low4 = _mm256_set1_epi8(0x0F), low2 = _mm256_set1_epi8(3);
    for (int h = 0; h < 2; h++) {
        const uint8_t *ql = a->ql + 64 * h, *qhp = a->qh + 32 * h;
        const __m256i l0 = _mm256_loadu_si256((const __m256i *)ql);
        const __m256i l1 = _mm256_loadu_si256((const __m256i *)(ql + 32));
        const __m256i qh = _mm256_loadu_si256((const __m256i *)qhp);
        const __m256i lo[4] = {_mm256_and_si256(l0, low4), _mm256_and_si256(l1, low4),
                               _mm256_and_si256(_mm256_srli_epi16(l0, 4), low4),
                               _mm256_and_si256(_mm256_srli_epi16(l1, 4), low4)};
        for (int t = 0; t < 4; t++) {
            const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(qh, 2 * t), low2);
            _mm256_store_si256((__m256i *)(u + 128 * h + 32 * t), _mm256_or_si256(lo[t], _mm256_slli_epi16(hi, 4)));
        }
    }
    const float d = ck_h2f_f16c(a->d);
    for (int s = 0; s < 16; s++) p->dsc[s][lane] = d * (float)a->scales[s];
}

typedef void (*ck_k8_pack_fn)(const char *row, int64_t sb, ck_kq8_panel *p, int lane, uint8_t *u);

/* ---- tiles: nr (constant) activation rows against cb panels starting at super-block sb0 ---- */

/* One activation row's sums for 8 of the tile's rows (the first nrows lanes of acc, all 8 when
 * nrows >= 8) into y, added to the partial sums there when `accumulate` (earlier super-blocks of
 * a long row). */
CK_INLINE_AVX2 void ck_k8_store(__m256 acc, float *y, int nrows, int accumulate) {
    if (nrows >= 8) {
        if (accumulate) acc = _mm256_add_ps(acc, _mm256_loadu_ps(y));
        _mm256_storeu_ps(y, acc);
        return;
    }
    const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32(nrows), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    if (accumulate) acc = _mm256_add_ps(acc, _mm256_maskload_ps(y, m));
    _mm256_maskstore_ps(y, m, acc);
}

/* The tile's sums (acc[j][h]: activation row j, weight rows 8h...8h+7) into Y. */
CK_INLINE_AVX2 void ck_k8_store_tile(__m256 (*acc)[2], int nr, float *y, int64_t ys, int nrows, int accumulate) {
#pragma clang loop unroll(full)
    for (int j = 0; j < nr; j++) {
        ck_k8_store(acc[j][0], y + j * ys, nrows, accumulate);
        if (nrows > 8) ck_k8_store(acc[j][1], y + j * ys + 8, nrows - 8, accumulate);
    }
}

/* Super-block sb of the tile's nr activation rows (x, rows xs bytes apart) and their values. */
CK_INLINE_AVX2 void ck_k8_bind(const char *x, size_t xs, int64_t sb, int nr, const block_q8_K32 **a, const int8_t **q) {
#pragma clang loop unroll(full)
    for (int j = 0; j < nr; j++) {
        a[j] = (const block_q8_K32 *)(x + (size_t)j * xs) + sb;
        q[j] = a[j]->qs;
    }
}

/* Steps k0...k0+steps-1 of a group for both halves (rows 0-7 in p0, rows 8-15 in p1) and the nr
 * activation rows q[j] (their group's 32 bytes): each panel step is loaded once and each
 * activation broadcast once; the int16 sums are widened to int32 in s0[j], s1[j]. */
CK_INLINE_AVX2 void ck_k8_run(const ck_kq8_panel *p0, const ck_kq8_panel *p1, int k0, int steps, const int8_t *const *q,
                              int qoff, int nr, __m256i ones, __m256i *s0, __m256i *s1) {
    __m256i t0[CK_K8_NR], t1[CK_K8_NR];
#pragma clang loop unroll(full)
    for (int k = 0; k < steps; k++) {
        const __m256i w0 = _mm256_load_si256((const __m256i *)p0->q[k0 + k]);
        const __m256i w1 = _mm256_load_si256((const __m256i *)p1->q[k0 + k]);
#pragma clang loop unroll(full)
        for (int j = 0; j < nr; j++) {
            int32_t v;
            memcpy(&v, q[j] + qoff + 4 * k, 4);
            const __m256i b = _mm256_set1_epi32(v);
            const __m256i m0 = _mm256_maddubs_epi16(w0, b), m1 = _mm256_maddubs_epi16(w1, b);
            t0[j] = k ? _mm256_add_epi16(t0[j], m0) : m0;
            t1[j] = k ? _mm256_add_epi16(t1[j], m1) : m1;
        }
        /* keep the order step by step (clang would otherwise finish one row at a time and spill
         * the panel) */
#define CK_K8_PIN(j) if (nr > (j)) __asm__("" : "+x"(t0[j]), "+x"(t1[j]))
        CK_K8_PIN(0); CK_K8_PIN(1); CK_K8_PIN(2); CK_K8_PIN(3);
#undef CK_K8_PIN
        _Static_assert(CK_K8_NR == 4, "CK_K8_PIN covers 4 activation rows");
    }
#pragma clang loop unroll(full)
    for (int j = 0; j < nr; j++) {
        s0[j] = _mm256_madd_epi16(t0[j], ones);
        s1[j] = _mm256_madd_epi16(t1[j], ones);
    }
}

/* Q4_K (run = 8) and Q5_K (run = 4): a group of 32 in runs of int16 steps. */
CK_INLINE_AVX2 void ck_k8_tile_k4(const ck_kq8_panel *P, int cb, int64_t sb0, const char *x, size_t xs, int nr, int run,
                                  float *y, int64_t ys, int nrows, int accumulate) {
    const __m256i ones = _mm256_set1_epi16(1);
    __m256 acc[CK_K8_NR][2];
#pragma clang loop unroll(full)
    for (int j = 0; j < nr; j++) acc[j][0] = acc[j][1] = _mm256_setzero_ps();
    for (int s = 0; s < cb; s++) {
        const ck_kq8_panel *p0 = P + s, *p1 = P + CK_K8_KC + s;
        const block_q8_K32 *a[CK_K8_NR];
        const int8_t *q[CK_K8_NR];
        ck_k8_bind(x, xs, sb0 + s, nr, a, q);
        for (int g = 0; g < 8; g++) {
            __m256i s0[CK_K8_NR], s1[CK_K8_NR];
            ck_k8_run(p0, p1, 8 * g, run, q, 32 * g, nr, ones, s0, s1);
            if (run < 8) {
                __m256i u0[CK_K8_NR], u1[CK_K8_NR];
                ck_k8_run(p0, p1, 8 * g + 4, 4, q, 32 * g + 16, nr, ones, u0, u1);
#pragma clang loop unroll(full)
                for (int j = 0; j < nr; j++) {
                    s0[j] = _mm256_add_epi32(s0[j], u0[j]);
                    s1[j] = _mm256_add_epi32(s1[j], u1[j]);
                }
            }
            const __m256 dsc0 = _mm256_load_ps(p0->dsc[g]), dsc1 = _mm256_load_ps(p1->dsc[g]);
#pragma clang loop unroll(full)
            for (int j = 0; j < nr; j++) {
                const __m256 dx = _mm256_broadcast_ss(&a[j]->d[g]);
                acc[j][0] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(s0[j]), _mm256_mul_ps(dsc0, dx), acc[j][0]);
                acc[j][1] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(s1[j]), _mm256_mul_ps(dsc1, dx), acc[j][1]);
            }
        }
#pragma clang loop unroll(full)
        for (int j = 0; j < nr; j++) {
            /* dx[G] * sum_{i in G} qx[i], from the sums of 16 */
            const __m256i sums = _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)a[j]->bsums), ones);
            _Alignas(32) float gs[8];
            _mm256_store_ps(gs, _mm256_mul_ps(_mm256_cvtepi32_ps(sums), _mm256_loadu_ps(a[j]->d)));
            for (int g = 0; g < 8; g++) {
                const __m256 v = _mm256_broadcast_ss(&gs[g]);
                acc[j][0] = _mm256_fmadd_ps(_mm256_load_ps(p0->mins[g]), v, acc[j][0]);
                acc[j][1] = _mm256_fmadd_ps(_mm256_load_ps(p1->mins[g]), v, acc[j][1]);
            }
        }
    }
    ck_k8_store_tile(acc, nr, y, ys, nrows, accumulate);
}

/* Q6_K: a group of 32 is two sub-blocks of 16, each two runs of two steps, started at
 * -32 * bsums[s] (the offset, exactly). */
CK_INLINE_AVX2 void ck_k8_tile_q6_K(const ck_kq8_panel *P, int cb, int64_t sb0, const char *x, size_t xs, int nr,
                                    float *y, int64_t ys, int nrows, int accumulate) {
    const __m256i ones = _mm256_set1_epi16(1);
    __m256 acc[CK_K8_NR][2];
#pragma clang loop unroll(full)
    for (int j = 0; j < nr; j++) acc[j][0] = acc[j][1] = _mm256_setzero_ps();
    for (int s = 0; s < cb; s++) {
        const ck_kq8_panel *p0 = P + s, *p1 = P + CK_K8_KC + s;
        const block_q8_K32 *a[CK_K8_NR];
        const int8_t *q[CK_K8_NR];
        ck_k8_bind(x, xs, sb0 + s, nr, a, q);
        for (int g = 0; g < 8; g++) {
            __m256 u0[CK_K8_NR], u1[CK_K8_NR];
            for (int h = 0; h < 2; h++) { /* sub-block 2g + h */
                __m256i a0[CK_K8_NR], a1[CK_K8_NR], b0[CK_K8_NR], b1[CK_K8_NR];
                ck_k8_run(p0, p1, 8 * g + 4 * h, 2, q, 32 * g + 16 * h, nr, ones, a0, a1);
                ck_k8_run(p0, p1, 8 * g + 4 * h + 2, 2, q, 32 * g + 16 * h + 8, nr, ones, b0, b1);
                const __m256 dsc0 = _mm256_load_ps(p0->dsc[2 * g + h]), dsc1 = _mm256_load_ps(p1->dsc[2 * g + h]);
#pragma clang loop unroll(full)
                for (int j = 0; j < nr; j++) {
                    const __m256i o = _mm256_set1_epi32(-32 * a[j]->bsums[2 * g + h]);
                    const __m256 f0 = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_add_epi32(a0[j], b0[j]), o));
                    const __m256 f1 = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_add_epi32(a1[j], b1[j]), o));
                    u0[j] = h ? _mm256_fmadd_ps(f0, dsc0, u0[j]) : _mm256_mul_ps(f0, dsc0);
                    u1[j] = h ? _mm256_fmadd_ps(f1, dsc1, u1[j]) : _mm256_mul_ps(f1, dsc1);
                }
            }
#pragma clang loop unroll(full)
            for (int j = 0; j < nr; j++) {
                const __m256 dx = _mm256_broadcast_ss(&a[j]->d[g]);
                acc[j][0] = _mm256_fmadd_ps(u0[j], dx, acc[j][0]);
                acc[j][1] = _mm256_fmadd_ps(u1[j], dx, acc[j][1]);
            }
        }
    }
    ck_k8_store_tile(acc, nr, y, ys, nrows, accumulate);
}

typedef void (*ck_k8_tile_fn)(const ck_kq8_panel *, int, int64_t, const char *, size_t, float *, int64_t, int, int);

#define CK_K8_TILE(tag, n, call)                                                                  \
    static CK_AVX2 void ck_k8_##tag##_tile##n(const ck_kq8_panel *P, int cb, int64_t sb0, const char *x, size_t xs, \
                                              float *y, int64_t ys, int nrows, int acc) {         \
        call;                                                                                     \
    }
#define CK_K8_TILES(tag, CALL)                                                                    \
    CK_K8_TILE(tag, 1, CALL(1)) CK_K8_TILE(tag, 2, CALL(2)) CK_K8_TILE(tag, 3, CALL(3)) CK_K8_TILE(tag, 4, CALL(4)) \
    static const ck_k8_tile_fn ck_k8_##tag##_tiles[CK_K8_NR + 1] = {                               \
        NULL, ck_k8_##tag##_tile1, ck_k8_##tag##_tile2, ck_k8_##tag##_tile3, ck_k8_##tag##_tile4};
#define CK_K8_CALL_Q4_K(n) ck_k8_tile_k4(P, cb, sb0, x, xs, n, 8, y, ys, nrows, acc)
/* Q5_K's two runs per group would keep 4 * nr sums live: two activation rows at a time. */
#define CK_K8_CALL_Q5_K(n)                                                                        \
    ck_k8_tile_k4(P, cb, sb0, x, xs, (n) < 2 ? (n) : 2, 4, y, ys, nrows, acc);                    \
    if ((n) > 2) ck_k8_tile_k4(P, cb, sb0, x + 2 * xs, xs, (n) - 2, 4, y + 2 * ys, ys, nrows, acc)
#define CK_K8_CALL_Q6_K(n) ck_k8_tile_q6_K(P, cb, sb0, x, xs, n, y, ys, nrows, acc)
CK_K8_TILES(q4_K, CK_K8_CALL_Q4_K)
CK_K8_TILES(q5_K, CK_K8_CALL_Q5_K)
CK_K8_TILES(q6_K, CK_K8_CALL_Q6_K)

/* Rows [row_begin, row_end) in tiles of 16 (two 8-lane panel sets): decode CK_K8_KC super-blocks of
 * them into panels, then run every activation row over the panels CK_K8_NR at a time. */
static CK_AVX2 void ck_k8_rows(const ck_k8_tile_fn *tiles, ck_k8_pack_fn pack, const void *W, size_t row_stride,
                               int64_t cols, const void *X, size_t x_stride, int64_t nx, float *Y, int64_t y_stride,
                               int64_t row_begin, int64_t row_end) {
    _Alignas(32) ck_kq8_panel panel[2 * CK_K8_KC];
    _Alignas(32) uint8_t u[8][CK_QK_K];
    const int64_t nb = cols / CK_QK_K;
    for (int64_t r0 = row_begin; r0 < row_end; r0 += 16) {
        const int nrows = (int)(row_end - r0 < 16 ? row_end - r0 : 16);
        if (nrows < 16) memset(panel, 0, sizeof(panel)); /* missing rows: zero values and scales */
        for (int64_t c0 = 0; c0 < nb; c0 += CK_K8_KC) {
            const int cb = (int)(nb - c0 < CK_K8_KC ? nb - c0 : CK_K8_KC);
            for (int k = 0; k < cb; k++)
                for (int h = 0; h < 2 && 8 * h < nrows; h++) {
                    const int n = nrows - 8 * h < 8 ? nrows - 8 * h : 8;
                    if (n < 8) memset(u, 0, sizeof(u));
                    for (int r = 0; r < n; r++)
                        pack((const char *)W + (size_t)(r0 + 8 * h + r) * row_stride, c0 + k, panel + h * CK_K8_KC + k, r, u[r]);
                    ck_k8_transpose(panel + h * CK_K8_KC + k, (const uint8_t (*)[CK_QK_K])u);
                }
            for (int64_t j0 = 0; j0 < nx; j0 += CK_K8_NR) {
                const int nr = (int)(nx - j0 < CK_K8_NR ? nx - j0 : CK_K8_NR);
                tiles[nr](panel, cb, c0, (const char *)X + (size_t)j0 * x_stride, x_stride, Y + j0 * y_stride + r0,
                          y_stride, nrows, c0 > 0);
            }
        }
    }
}

CK_MATMUL_VIA(CK_AVX2, ck_matmul_q4_K_k8_avx2, ck_k8_rows, ck_k8_q4_K_tiles, ck_k8_pack_q4_K)
CK_MATMUL_VIA(CK_AVX2, ck_matmul_q5_K_k8_avx2, ck_k8_rows, ck_k8_q5_K_tiles, ck_k8_pack_q5_K)
CK_MATMUL_VIA(CK_AVX2, ck_matmul_q6_K_k8_avx2, ck_k8_rows, ck_k8_q6_K_tiles, ck_k8_pack_q6_K)

#endif /* CK_X86 */
