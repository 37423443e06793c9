/*
 * gemm_x16.c - the matrix-matrix product (prefill) of the 32-block types Q4_0, Q5_0, Q8_0 at the
 * AVX-512 VNNI level, against ck_q8_0x16 activations.
 *
 * Y[j * y_stride + r] = sum_b (dw[r][b] * dx[j][b]) * sum_i (q[r][b][i] - o) * qx[j][b][i]
 *   (o = the weight type's zero point, folded into the activations' negc as in the dot).
 *
 * Weights are decoded once into a panel of 16 rows x CK_GEMM_KC blocks, held on the stack:
 *   pq [KC][8][16][4] u8  block b, step k, lane r: elements 4k...4k+3 of row r's block b, as
 *                         the unsigned bytes the type's DECODE gives (q + o);
 *   pd [KC][16]      f32  the rows' block scales.
 * One block of the panel is then 8 zmm registers, and for an activation row j the block's 16
 * row sums are eight vpdpbusd of those registers against a broadcast of 4 activation bytes,
 * started from -o * sum qx (negc): lane r ends holding the exact integer sum of row r. One
 * cvt and one fma by dw * dx scale it into the row's f32 accumulator, as the dot does. Up to
 * CK_GEMM_NR activation rows share each load of the panel; 16 rows of Y come out as one store.
 * Long rows are taken KC blocks at a time (partial sums kept in Y), so the panel stays in L1.
 */
#include "ck_internal.h"

#if defined(CK_X86)

enum { CK_GEMM_KC = 32, CK_GEMM_NR = 8 };

/* nr (constant, 1...CK_GEMM_NR) activation rows against one panel of cb blocks starting at
 * block c0 of the row; lanes outside `m` are neither loaded nor stored. */
CK_INLINE_AVX512 void ck_gemm_x16_tile(const uint8_t *pq, const float *pd, int cb, int64_t c0,
                                       const char *x, size_t xs, int nr, float *y, int64_t ys,
                                       __mmask16 m, int accumulate) {
    __m512 acc[CK_GEMM_NR];
    for (int j = 0; j < nr; j++) acc[j] = accumulate ? _mm512_maskz_loadu_ps(m, y + j * ys) : _mm512_setzero_ps();
    for (int b = 0; b < cb; b++) {
        const int64_t gb = c0 + b;
        const int i = (int)(gb & 15);
        __m512i w[8];
        for (int k = 0; k < 8; k++) w[k] = _mm512_load_si512(pq + (size_t)b * 512 + 64 * k);
        const __m512 dw = _mm512_load_ps(pd + 16 * b);
        for (int j = 0; j < nr; j++) {
            const ck_q8_0x16 *G = (const ck_q8_0x16 *)(x + (size_t)j * xs) + (gb >> 4);
            int32_t q32[8];
            memcpy(q32, G->qs + CK_QK * i, sizeof(q32));
            __m512i p = _mm512_set1_epi32(G->negc[i >> 1][8 * (i & 1)]), p1 = _mm512_setzero_si512();
            for (int k = 0; k < 8; k += 2) {
                p = _mm512_dpbusd_epi32(p, w[k], _mm512_set1_epi32(q32[k]));
                p1 = _mm512_dpbusd_epi32(p1, w[k + 1], _mm512_set1_epi32(q32[k + 1]));
            }
            p = _mm512_add_epi32(p, p1);
            const __m512 s = _mm512_mul_ps(dw, _mm512_set1_ps(G->d[i]));
            acc[j] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(p), s, acc[j]);
        }
    }
    for (int j = 0; j < nr; j++) _mm512_mask_storeu_ps(y + j * ys, m, acc[j]);
}

/* One tile entry per row count, so every loop over j unrolls with its registers. */
#define CK_GEMM_TILE_N(n)                                                                        \
    static CK_AVX512 void ck_gemm_x16_tile##n(const uint8_t *pq, const float *pd, int cb, int64_t c0, \
                                              const char *x, size_t xs, float *y, int64_t ys,   \
                                              __mmask16 m, int accumulate) {                    \
        ck_gemm_x16_tile(pq, pd, cb, c0, x, xs, n, y, ys, m, accumulate);                       \
    }
CK_GEMM_TILE_N(1)
CK_GEMM_TILE_N(2)
CK_GEMM_TILE_N(3)
CK_GEMM_TILE_N(4)
CK_GEMM_TILE_N(5)
CK_GEMM_TILE_N(6)
CK_GEMM_TILE_N(7)
CK_GEMM_TILE_N(8)

typedef void (*ck_gemm_x16_tile_fn)(const uint8_t *, const float *, int, int64_t, const char *, size_t,
                                    float *, int64_t, __mmask16, int);
static const ck_gemm_x16_tile_fn ck_gemm_x16_tiles[CK_GEMM_NR + 1] = {
    NULL, ck_gemm_x16_tile1, ck_gemm_x16_tile2, ck_gemm_x16_tile3, ck_gemm_x16_tile4,
    ck_gemm_x16_tile5, ck_gemm_x16_tile6, ck_gemm_x16_tile7, ck_gemm_x16_tile8,
};

CK_AVX512 void ck_gemm_x16_rows(ck_x16_pack_fn pack, const void *W, size_t row_stride, int64_t cols,
                                const void *X, size_t x_stride, int64_t nx, float *Y, int64_t y_stride,
                                int64_t row_begin, int64_t row_end) {
    _Alignas(64) uint8_t pq[CK_GEMM_KC * 512];
    _Alignas(64) float pd[CK_GEMM_KC * 16];
    const int64_t nb = cols / CK_QK;
    for (int64_t r0 = row_begin; r0 < row_end; r0 += 16) {
        const int nrows = (int)(row_end - r0 < 16 ? row_end - r0 : 16);
        const __mmask16 m = (__mmask16)(nrows == 16 ? 0xFFFFu : (1u << nrows) - 1u);
        if (nrows < 16) memset(pd, 0, sizeof(pd)); /* the pack zeroes the missing rows' values */
        for (int64_t c0 = 0; c0 < nb; c0 += CK_GEMM_KC) {
            const int cb = (int)(nb - c0 < CK_GEMM_KC ? nb - c0 : CK_GEMM_KC);
            pack((const char *)W + (size_t)r0 * row_stride, row_stride, nrows, c0, cb, pq, pd);
            for (int64_t j0 = 0; j0 < nx; j0 += CK_GEMM_NR) {
                const int nr = (int)(nx - j0 < CK_GEMM_NR ? nx - j0 : CK_GEMM_NR);
                ck_gemm_x16_tiles[nr](pq, pd, cb, c0, (const char *)X + (size_t)j0 * x_stride, x_stride,
                                      Y + j0 * y_stride + r0, y_stride, m, c0 > 0);
            }
        }
    }
}

#endif /* CK_X86 */
