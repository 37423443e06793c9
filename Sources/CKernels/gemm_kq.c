/*
 * gemm_kq.c - the matrix-matrix product (prefill) of the k-quants Q4_K, Q5_K and Q6_K at the
 * AVX-512 VNNI level (Q6_K against block_q8_K, Q4_K and Q5_K against ck_q8_Kx activations).
 *
 * Per super-block of 256 and per weight row (d, dmin, scales sc[g], mins or offset):
 *   y += d*dx * A - dmin*dx * B,   A = sum_g sc[g] * sum_{i in g} u[i] qx[i]  + corrA,
 *                                   B = sum_g m[g] * bsum32[g]   (Q4_K, Q5_K; 0 for Q6_K)
 * with u the stored unsigned values; Q6_K's offset of 32 enters A exactly as
 * corrA = -32 * sum_s sc[s] * bsums[s]. A and B are exact int32, then scaled in f32 as the dot.
 *
 * Weights are decoded once per 16 rows into ck_kq_panel (one per super-block, see ck_x86.h):
 * u as [64 steps][16 lanes][4 bytes] in the activations' element order, the group scales and
 * the correction coefficients (int16 pairs) per lane, d and -dmin per lane. For an activation
 * row, a group's 16 row sums are L/4 vpdpbusd of the panel (in registers) against broadcasts
 * of 4 activation bytes, times the lane's scale (vpmulld); the correction is np vpdpwssd
 * against broadcast pairs of activation sums. CK_KQ_NR activation rows share each panel load;
 * long rows go CK_KQ_KC super-blocks at a time (partial sums kept in Y).
 */
#include "ck_internal.h"

#if defined(CK_X86)

enum { CK_KQ_KC = 4, CK_KQ_NR = 8 };

CK_INLINE int32_t ck_ld32(const void *p) {
    int32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* The layout of a k-quant GEMM: ns scale groups (8 or 16) per super-block, np correction
 * pairs, whether the correction is B (a min, scaled by -dmin) or part of A, and where an
 * activation super-block (abytes long) keeps its values, its pair sums and its scale. */
typedef struct {
    int ns, np, min;
    size_t abytes, qs_off, bs_off, d_off;
} ck_kq_shape;

CK_INLINE_AVX512 void ck_gemm_kq_tile(const ck_kq_panel *P, int nsb, int64_t sb0, const char *x, size_t xs,
                                      int nr, float *y, int64_t ys, __mmask16 m, int accumulate,
                                      const ck_kq_shape sh) {
    const int steps = 64 / sh.ns;
    __m512 acc[CK_KQ_NR];
    for (int j = 0; j < nr; j++) acc[j] = accumulate ? _mm512_maskz_loadu_ps(m, y + j * ys) : _mm512_setzero_ps();
    for (int s = 0; s < nsb; s++) {
        const ck_kq_panel *p = P + s;
        const char *xb = x + (size_t)(sb0 + s) * sh.abytes;
        __m512i A[CK_KQ_NR];
        for (int j = 0; j < nr; j++) A[j] = _mm512_setzero_si512();
        for (int g = 0; g < sh.ns; g++) {
            __m512i w[8];
            for (int k = 0; k < steps; k++) w[k] = _mm512_load_si512(p->q[g * steps + k]);
            const __m512i sc = _mm512_load_si512(p->sc[g]);
            for (int j = 0; j < nr; j++) {
                const char *q = xb + (size_t)j * xs + sh.qs_off + 4 * g * steps;
                __m512i t = _mm512_dpbusd_epi32(_mm512_setzero_si512(), w[0], _mm512_set1_epi32(ck_ld32(q)));
                for (int k = 1; k < steps; k++) t = _mm512_dpbusd_epi32(t, w[k], _mm512_set1_epi32(ck_ld32(q + 4 * k)));
                A[j] = _mm512_add_epi32(A[j], _mm512_mullo_epi32(t, sc));
            }
        }
        const __m512 d = _mm512_load_ps(p->d), dmin = _mm512_load_ps(p->dmin);
        for (int j = 0; j < nr; j++) {
            const char *a = xb + (size_t)j * xs;
            __m512i c = sh.min ? _mm512_setzero_si512() : A[j];
            for (int q = 0; q < sh.np; q++)
                c = _mm512_dpwssd_epi32(c, _mm512_load_si512(p->corr[q]), _mm512_set1_epi32(ck_ld32(a + sh.bs_off + 4 * q)));
            float dxs;
            memcpy(&dxs, a + sh.d_off, 4);
            const __m512 dx = _mm512_set1_ps(dxs);
            if (sh.min) {
                acc[j] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(A[j]), _mm512_mul_ps(d, dx), acc[j]);
                acc[j] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(c), _mm512_mul_ps(dmin, dx), acc[j]);
            } else {
                acc[j] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(c), _mm512_mul_ps(d, dx), acc[j]);
            }
        }
    }
    for (int j = 0; j < nr; j++) _mm512_mask_storeu_ps(y + j * ys, m, acc[j]);
}

typedef void (*ck_kq_tile_fn)(const ck_kq_panel *, int, int64_t, const char *, size_t, float *, int64_t,
                              __mmask16, int);

/* Q6_K: 16 groups of 16, offset correction into A from bsums (block_q8_K). */
#define CK_Q6K_SHAPE ((ck_kq_shape){16, 8, 0, sizeof(block_q8_K), offsetof(block_q8_K, qs), offsetof(block_q8_K, bsums), 0})
/* Q4_K and Q5_K: 8 groups of 32 (activation order), mins against bsum32 (ck_q8_Kx). */
#define CK_Q4K_SHAPE ((ck_kq_shape){8, 4, 1, sizeof(ck_q8_Kx), 0, offsetof(ck_q8_Kx, bsum32), offsetof(ck_q8_Kx, d)})

#define CK_KQ_TILE(tag, SHAPE, n)                                                                   \
    static CK_AVX512 void ck_gemm_##tag##_tile##n(const ck_kq_panel *P, int nsb, int64_t sb0, const char *x, \
                                                  size_t xs, float *y, int64_t ys, __mmask16 m, int acc) { \
        ck_gemm_kq_tile(P, nsb, sb0, x, xs, n, y, ys, m, acc, SHAPE);                              \
    }
#define CK_KQ_TILES(tag, SHAPE)                                                                     \
    CK_KQ_TILE(tag, SHAPE, 1) CK_KQ_TILE(tag, SHAPE, 2) CK_KQ_TILE(tag, SHAPE, 3) CK_KQ_TILE(tag, SHAPE, 4) \
    CK_KQ_TILE(tag, SHAPE, 5) CK_KQ_TILE(tag, SHAPE, 6) CK_KQ_TILE(tag, SHAPE, 7) CK_KQ_TILE(tag, SHAPE, 8) \
    static const ck_kq_tile_fn ck_gemm_##tag##_tiles[CK_KQ_NR + 1] = {                              \
        NULL, ck_gemm_##tag##_tile1, ck_gemm_##tag##_tile2, ck_gemm_##tag##_tile3, ck_gemm_##tag##_tile4, \
        ck_gemm_##tag##_tile5, ck_gemm_##tag##_tile6, ck_gemm_##tag##_tile7, ck_gemm_##tag##_tile8};
CK_KQ_TILES(q6_K, CK_Q6K_SHAPE)
CK_KQ_TILES(q4_K, CK_Q4K_SHAPE) /* Q5_K's too: the tiles do not depend on the value range */

/* Rows [row_begin, row_end) in tiles of 16: decode a panel of CK_KQ_KC super-blocks, then run
 * every activation row over it CK_KQ_NR at a time. */
static CK_AVX512 void ck_gemm_kq_rows(const ck_kq_tile_fn *tiles, ck_kq_pack_fn pack, const void *W,
                                      size_t row_stride, int64_t cols, const void *X, size_t x_stride,
                                      int64_t nx, float *Y, int64_t y_stride, int64_t row_begin, int64_t row_end) {
    _Alignas(64) ck_kq_panel panel[CK_KQ_KC];
    const int64_t nb = cols / CK_QK_K;
    for (int64_t r0 = row_begin; r0 < row_end; r0 += 16) {
        const int nrows = (int)(row_end - r0 < 16 ? row_end - r0 : 16);
        const __mmask16 m = (__mmask16)(nrows == 16 ? 0xFFFFu : (1u << nrows) - 1u);
        if (nrows < 16) memset(panel, 0, sizeof(panel)); /* scales and row scales of missing rows */
        for (int64_t c0 = 0; c0 < nb; c0 += CK_KQ_KC) {
            const int cb = (int)(nb - c0 < CK_KQ_KC ? nb - c0 : CK_KQ_KC);
            pack((const char *)W + (size_t)r0 * row_stride, row_stride, nrows, c0, cb, panel);
            for (int64_t j0 = 0; j0 < nx; j0 += CK_KQ_NR) {
                const int nr = (int)(nx - j0 < CK_KQ_NR ? nx - j0 : CK_KQ_NR);
                tiles[nr](panel, cb, c0, (const char *)X + (size_t)j0 * x_stride, x_stride, Y + j0 * y_stride + r0,
                          y_stride, m, c0 > 0);
            }
        }
    }
}

CK_AVX512 void ck_matmul_q6_K_avx512(const void *W, size_t row_stride, int64_t cols, const void *X, size_t xs,
                                     int64_t nx, float *Y, int64_t ys, int64_t row_begin, int64_t row_end) {
    ck_gemm_kq_rows(ck_gemm_q6_K_tiles, ck_pack_q6_K, W, row_stride, cols, X, xs, nx, Y, ys, row_begin, row_end);
}

CK_AVX512 void ck_matmul_q4_K_avx512(const void *W, size_t row_stride, int64_t cols, const void *X, size_t xs,
                                     int64_t nx, float *Y, int64_t ys, int64_t row_begin, int64_t row_end) {
    ck_gemm_kq_rows(ck_gemm_q4_K_tiles, ck_pack_q4_K, W, row_stride, cols, X, xs, nx, Y, ys, row_begin, row_end);
}

CK_AVX512 void ck_matmul_q5_K_avx512(const void *W, size_t row_stride, int64_t cols, const void *X, size_t xs,
                                     int64_t nx, float *Y, int64_t ys, int64_t row_begin, int64_t row_end) {
    ck_gemm_kq_rows(ck_gemm_q4_K_tiles, ck_pack_q5_K, W, row_stride, cols, X, xs, nx, Y, ys, row_begin, row_end);
}

#endif /* CK_X86 */
