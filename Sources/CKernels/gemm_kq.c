/*
 * gemm_kq.c - the matrix-matrix product (prefill) of the k-quants Q4_K, Q5_K and Q6_K at the
 * AVX-512 VNNI level (Q6_K against ck_q8_K6x, Q4_K and Q5_K against ck_q8_Kx activations).
 *
 * The activations have a scale dx[G] per group G of 32, so every group's exact int32 sum is
 * scaled in f32 on its own. Per super-block and weight row:
 *   Q4_K, Q5_K:  y += sum_G (d*sc[G]) * dx[G] * sum_{i in G} u[i] qx[i]
 *                   + sum_G (-dmin*m[G]) * (dx[G] * sum_{i in G} qx[i])
 *   Q6_K:        y += sum_G dx[G] * sum_{s in G} (d*sc[s]) * ( sum_{i in s} u[i] qx[i] - 32 * bsums[s] )
 * with u the stored unsigned values (Q6_K: two sub-blocks of 16 per group).
 *
 * Weights are decoded once per 16 rows into ck_kq_panel (one per super-block, see ck_x86.h):
 * u as [64 steps][16 lanes][4 bytes] in the activations' element order, plus the per-lane
 * coefficients. For an activation row, a group's 16 row sums are vpdpbusd of the panel (in
 * registers) against broadcasts of 4 activation bytes (Q6_K's starting from the offset's
 * -32 * bsums), converted and multiplied by d*sc (f32 in the panel) times dx.
 * CK_KQ_NR activation rows share each panel load; long rows go CK_KQ_KC super-blocks at a time
 * (partial sums kept in Y).
 */
#include "ck_internal.h"

#if defined(CK_X86)

enum { CK_KQ_KC = 4, CK_KQ_NR = 8 };

CK_INLINE int32_t ck_ld32(const void *p) {
    int32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* Q4_K and Q5_K: eight groups of 32 in the ck_q8_Kx order, eight steps each. The loops over
 * activation rows are unrolled so that the accumulators stay in registers. */
CK_INLINE_AVX512 void ck_gemm_q4_K_tile(const ck_kq_panel *P, int nsb, int64_t sb0, const char *x, size_t xs,
                                        int nr, float *y, int64_t ys, __mmask16 m, int accumulate) {
    __m512 acc[CK_KQ_NR];
#pragma clang loop unroll(full)
    for (int j = 0; j < nr; j++) acc[j] = accumulate ? _mm512_maskz_loadu_ps(m, y + j * ys) : _mm512_setzero_ps();
    for (int s = 0; s < nsb; s++) {
        const ck_kq_panel *p = P + s;
        const ck_q8_Kx *xb = (const ck_q8_Kx *)x + sb0 + s;
        for (int g = 0; g < 8; g++) {
            __m512i w[8];
            for (int k = 0; k < 8; k++) w[k] = _mm512_load_si512(p->q[8 * g + k]);
            const __m512 dsc = _mm512_load_ps(p->dsc[g]);
#pragma clang loop unroll(full)
            for (int j = 0; j < nr; j++) {
                const ck_q8_Kx *a = (const ck_q8_Kx *)((const char *)xb + (size_t)j * xs);
                const int8_t *q = a->qs + 32 * g;
                __m512i t = _mm512_dpbusd_epi32(_mm512_setzero_si512(), w[0], _mm512_set1_epi32(ck_ld32(q)));
                for (int k = 1; k < 8; k++) t = _mm512_dpbusd_epi32(t, w[k], _mm512_set1_epi32(ck_ld32(q + 4 * k)));
                acc[j] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(t), _mm512_mul_ps(dsc, _mm512_set1_ps(a->dp[g])), acc[j]);
            }
        }
#pragma clang loop unroll(full)
        for (int j = 0; j < nr; j++) {
            const ck_q8_Kx *a = (const ck_q8_Kx *)((const char *)xb + (size_t)j * xs);
            for (int g = 0; g < 8; g++) acc[j] = _mm512_fmadd_ps(_mm512_load_ps(p->mins[g]), _mm512_set1_ps(a->s32[g]), acc[j]);
        }
    }
#pragma clang loop unroll(full)
    for (int j = 0; j < nr; j++) _mm512_mask_storeu_ps(y + j * ys, m, acc[j]);
}

/* Q6_K: sixteen sub-blocks of 16 (four steps each) in element order, two per activation group.
 * A sub-block's sum starts at -32 * bsums[s], which applies the offset exactly. */
CK_INLINE_AVX512 void ck_gemm_q6_K_tile(const ck_kq_panel *P, int nsb, int64_t sb0, const char *x, size_t xs,
                                        int nr, float *y, int64_t ys, __mmask16 m, int accumulate) {
    __m512 acc[CK_KQ_NR];
#pragma clang loop unroll(full)
    for (int j = 0; j < nr; j++) acc[j] = accumulate ? _mm512_maskz_loadu_ps(m, y + j * ys) : _mm512_setzero_ps();
    for (int s = 0; s < nsb; s++) {
        const ck_kq_panel *p = P + s;
        const ck_q8_K6x *xb = (const ck_q8_K6x *)x + sb0 + s;
        for (int g = 0; g < 8; g++) {
            __m512i w[8];
            for (int k = 0; k < 8; k++) w[k] = _mm512_load_si512(p->q[8 * g + k]);
            const __m512 dsc0 = _mm512_load_ps(p->dsc[2 * g]), dsc1 = _mm512_load_ps(p->dsc[2 * g + 1]);
#pragma clang loop unroll(full)
            for (int j = 0; j < nr; j++) {
                const ck_q8_K6x *a = (const ck_q8_K6x *)((const char *)xb + (size_t)j * xs);
                const int8_t *q = a->qs + 32 * g;
                __m512i t0 = _mm512_set1_epi32(-32 * a->bsums[2 * g]);
                __m512i t1 = _mm512_set1_epi32(-32 * a->bsums[2 * g + 1]);
                for (int k = 0; k < 4; k++) {
                    t0 = _mm512_dpbusd_epi32(t0, w[k], _mm512_set1_epi32(ck_ld32(q + 4 * k)));
                    t1 = _mm512_dpbusd_epi32(t1, w[4 + k], _mm512_set1_epi32(ck_ld32(q + 16 + 4 * k)));
                }
                const __m512 u = _mm512_fmadd_ps(_mm512_cvtepi32_ps(t1), dsc1, _mm512_mul_ps(_mm512_cvtepi32_ps(t0), dsc0));
                acc[j] = _mm512_fmadd_ps(u, _mm512_set1_ps(a->d[g]), acc[j]);
            }
        }
    }
#pragma clang loop unroll(full)
    for (int j = 0; j < nr; j++) _mm512_mask_storeu_ps(y + j * ys, m, acc[j]);
}

typedef void (*ck_kq_tile_fn)(const ck_kq_panel *, int, int64_t, const char *, size_t, float *, int64_t,
                              __mmask16, int);

#define CK_KQ_TILE(tag, n)                                                                          \
    static CK_AVX512 void ck_gemm_##tag##_tile##n(const ck_kq_panel *P, int nsb, int64_t sb0, const char *x, \
                                                  size_t xs, float *y, int64_t ys, __mmask16 m, int acc) { \
        ck_gemm_##tag##_tile(P, nsb, sb0, x, xs, n, y, ys, m, acc);                                 \
    }
#define CK_KQ_TILES(tag)                                                                            \
    CK_KQ_TILE(tag, 1) CK_KQ_TILE(tag, 2) CK_KQ_TILE(tag, 3) CK_KQ_TILE(tag, 4)                     \
    CK_KQ_TILE(tag, 5) CK_KQ_TILE(tag, 6) CK_KQ_TILE(tag, 7) CK_KQ_TILE(tag, 8)                     \
    static const ck_kq_tile_fn ck_gemm_##tag##_tiles[CK_KQ_NR + 1] = {                              \
        NULL, ck_gemm_##tag##_tile1, ck_gemm_##tag##_tile2, ck_gemm_##tag##_tile3, ck_gemm_##tag##_tile4, \
        ck_gemm_##tag##_tile5, ck_gemm_##tag##_tile6, ck_gemm_##tag##_tile7, ck_gemm_##tag##_tile8};
CK_KQ_TILES(q6_K)
CK_KQ_TILES(q4_K) /* Q5_K's too: the tiles do not depend on the value range */

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
        if (nrows < 16) memset(panel, 0, sizeof(panel)); /* coefficients of missing rows */
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

CK_MATMUL_VIA(CK_AVX512, ck_matmul_q6_K_avx512, ck_gemm_kq_rows, ck_gemm_q6_K_tiles, ck_pack_q6_K)
CK_MATMUL_VIA(CK_AVX512, ck_matmul_q4_K_avx512, ck_gemm_kq_rows, ck_gemm_q4_K_tiles, ck_pack_q4_K)
CK_MATMUL_VIA(CK_AVX512, ck_matmul_q5_K_avx512, ck_gemm_kq_rows, ck_gemm_q4_K_tiles, ck_pack_q5_K)

#endif /* CK_X86 */
