/*
 * gemm_q8_0a.c - the matrix-matrix product (prefill) of Q4_0 and Q5_0 at the AVX2 level,
 * against ck_q8_0a activations.
 *
 * Y[j * y_stride + r] = sum_b (dw[r][b] * dx[j][b]) * (sum_i u[r][b][i] qx[j][b][i] - o * sum_i qx[j][b][i])
 *   (u the unsigned weights, o = 8 for Q4_0, 16 for Q5_0; the activations carry -o * sum qx).
 *
 * Weights are decoded once into a panel of 8 rows x CK_G8_KC blocks, on the stack:
 *   pq [KC][8][8][4] u8  block b, step k, lane r: elements 4k...4k+3 of row r's block b;
 *   pd [KC][8]      f32  the rows' block scales.
 * A block of the panel is 8 ymm registers. For an activation row, vpmaddubsw of each against a
 * broadcast of 4 activation bytes gives, per lane, two pair sums (int16: u <= 31, so four steps
 * add up to at most 4 * 2 * 31 * 127 < 2^15 without saturation); four steps are added in int16,
 * vpmaddwd by ones widens each half block to the lane's int32 sum, and with -o * sum qx that is
 * the exact block sum of the row, scaled by dw * dx into its f32 accumulator. CK_G8_NR
 * activation rows share each load of the panel; 8 rows of Y come out as one store. Blocks are
 * added in order, one accumulator per row: not bit-equal to the dot (two alternating ones).
 */
#include "ck_internal.h"

#if defined(CK_X86)

enum { CK_G8_KC = 32, CK_G8_NR = 4 };

/* The int32 lanes of sum_k u[k] . x[k] over four steps (see above). */
CK_INLINE_AVX2 __m256i ck_g8_half(const __m256i *w, const uint8_t *q, __m256i ones) {
    int32_t d[4];
    memcpy(d, q, sizeof(d));
    __m256i t = _mm256_maddubs_epi16(w[0], _mm256_set1_epi32(d[0]));
    t = _mm256_add_epi16(t, _mm256_maddubs_epi16(w[1], _mm256_set1_epi32(d[1])));
    t = _mm256_add_epi16(t, _mm256_maddubs_epi16(w[2], _mm256_set1_epi32(d[2])));
    t = _mm256_add_epi16(t, _mm256_maddubs_epi16(w[3], _mm256_set1_epi32(d[3])));
    return _mm256_madd_epi16(t, ones);
}

CK_INLINE_AVX2 void ck_g8_tile(const uint8_t *pq, const float *pd, int cb, int64_t c0, const char *x, size_t xs,
                               int nr, float *y, int64_t ys, int nrows, int accumulate) {
    const __m256i ones = _mm256_set1_epi16(1);
    __m256 acc[CK_G8_NR];
    for (int j = 0; j < nr; j++) {
        if (!accumulate) acc[j] = _mm256_setzero_ps();
        else if (nrows == 8) acc[j] = _mm256_loadu_ps(y + j * ys);
        else {
            float t[8] = {0};
            memcpy(t, y + j * ys, (size_t)nrows * sizeof(float));
            acc[j] = _mm256_loadu_ps(t);
        }
    }
    for (int b = 0; b < cb; b++) {
        __m256i w[8];
        for (int k = 0; k < 8; k++) w[k] = _mm256_load_si256((const __m256i *)(pq + (size_t)b * 256 + 32 * k));
        const __m256 dw = _mm256_load_ps(pd + 8 * b);
        for (int j = 0; j < nr; j++) {
            const ck_q8_0a *a = (const ck_q8_0a *)(x + (size_t)j * xs) + c0 + b;
            __m256i p = _mm256_add_epi32(ck_g8_half(w, (const uint8_t *)a->qs, ones), ck_g8_half(w + 4, (const uint8_t *)a->qs + 16, ones));
            p = _mm256_add_epi32(p, _mm256_set1_epi32(a->negsum));
            acc[j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(p), _mm256_mul_ps(dw, _mm256_broadcast_ss(&a->d)), acc[j]);
        }
    }
    for (int j = 0; j < nr; j++) {
        if (nrows == 8) _mm256_storeu_ps(y + j * ys, acc[j]);
        else {
            float t[8];
            _mm256_storeu_ps(t, acc[j]);
            memcpy(y + j * ys, t, (size_t)nrows * sizeof(float));
        }
    }
}

_Static_assert(CK_G8_NR == 4, "one tile entry per activation-row count");
CK_TILES_4(ck_g8_tile, CK_AVX2, uint8_t, ck_g8_tile)

CK_AVX2 void ck_gemm_q8_0a_rows(ck_g8_pack_fn pack, const void *W, size_t row_stride, int64_t cols, const void *X,
                                size_t x_stride, int64_t nx, float *Y, int64_t y_stride, int64_t row_begin,
                                int64_t row_end) {
    _Alignas(32) uint8_t pq[CK_G8_KC * 256];
    _Alignas(32) float pd[CK_G8_KC * 8];
    const int64_t nb = cols / CK_QK;
    for (int64_t r0 = row_begin; r0 < row_end; r0 += 8) {
        const int nrows = (int)(row_end - r0 < 8 ? row_end - r0 : 8);
        if (nrows < 8) {
            memset(pq, 0, sizeof(pq));
            memset(pd, 0, sizeof(pd));
        }
        for (int64_t c0 = 0; c0 < nb; c0 += CK_G8_KC) {
            const int cb = (int)(nb - c0 < CK_G8_KC ? nb - c0 : CK_G8_KC);
            for (int r = 0; r < nrows; r++) pack((const char *)W + (size_t)(r0 + r) * row_stride, c0, cb, pq, pd, r);
            for (int64_t j0 = 0; j0 < nx; j0 += CK_G8_NR) {
                const int nr = (int)(nx - j0 < CK_G8_NR ? nx - j0 : CK_G8_NR);
                ck_g8_tiles[nr](pq, pd, cb, c0, (const char *)X + (size_t)j0 * x_stride, x_stride,
                                Y + j0 * y_stride + r0, y_stride, nrows, c0 > 0);
            }
        }
    }
}

#endif /* CK_X86 */
