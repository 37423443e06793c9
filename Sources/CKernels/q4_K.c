/*
 * q4_K.c - Q4_K weights against block_q8_K32 activations.
 *
 * block_q4_K (144 bytes / 256): ck_half d, dmin; uint8 scales[12]; uint8 qs[128];
 *   eight sub-blocks of 32 with 6-bit scale sc[j] and min m[j] (packing: ck_unpack_scales_k4).
 *   Chunk c (0...3) covers elements 64c...64c+63: element 64c + l is the low nibble of
 *   qs[32c + l] (sub-block 2c), element 64c + 32 + l the high nibble (sub-block 2c + 1).
 *   x = (d * sc[j]) * q - (dmin * m[j]),  q in 0...15.
 *
 * Dot with block_q8_K32 (a scale dx[j] per 32, which is one sub-block; qx, bsums):
 *   y = sum_superblocks  d * sum_j dx[j] * sc[j] * sum_{i in j} q[i] qx[i]
 *                      - dmin * sum_j dx[j] * m[j] * (bsums[2j] + bsums[2j+1])
 *   The per-sub-block sums are exact in int32; the products and the accumulation are f32.
 * Variants: ref (dequantize, double sum), generic, AVX2 (maddubs + madd by scale),
 *   AVX-512 VNNI (two sub-blocks per zmm: vpdpbusd, then each lane times d sc_j dx_j of its
 *   sub-block; activations in the ck_q8_Kx layout).
 */
#include "ck_kquant_x86.h"

void ck_dequantize_row_q4_K_ref(const void *src, float *dst, int64_t n) {
    const block_q4_K *x = (const block_q4_K *)src;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        const float d = ck_h2f(x[b].d), dmin = ck_h2f(x[b].dmin);
        for (int c = 0; c < 4; c++) {
            const uint8_t *q = x[b].qs + 32 * c;
            uint8_t sc, m;
            ck_get_scale_min_k4(2 * c, x[b].scales, &sc, &m);
            const float d1 = d * (float)sc, m1 = dmin * (float)m;
            ck_get_scale_min_k4(2 * c + 1, x[b].scales, &sc, &m);
            const float d2 = d * (float)sc, m2 = dmin * (float)m;
            for (int l = 0; l < 32; l++) *dst++ = d1 * (float)(q[l] & 0xF) - m1;
            for (int l = 0; l < 32; l++) *dst++ = d2 * (float)(q[l] >> 4) - m2;
        }
    }
}

CK_REF_DOT_Q8_K32(ck_vec_dot_q4_K_q8_K32_ref, block_q4_K, ck_dequantize_row_q4_K_ref)

float ck_vec_dot_q4_K_q8_K32_generic(int64_t n, const void *w, const void *x) {
    const block_q4_K *a = (const block_q4_K *)w;
    const block_q8_K32 *b = (const block_q8_K32 *)x;
    float sum = 0.0f;
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        uint8_t sc[8], m[8];
        ck_unpack_scales_k4(a[k].scales, sc, m);
        float sumd = 0.0f, summ = 0.0f;
        for (int c = 0; c < 4; c++) {
            const uint8_t *q = a[k].qs + 32 * c;
            const int8_t *y = b[k].qs + 64 * c;
            int32_t lo = 0, hi = 0;
            for (int l = 0; l < 32; l++) {
                lo += (q[l] & 0xF) * y[l];
                hi += (q[l] >> 4) * y[l + 32];
            }
            sumd += b[k].d[2 * c] * (float)(sc[2 * c] * lo) + b[k].d[2 * c + 1] * (float)(sc[2 * c + 1] * hi);
        }
        for (int j = 0; j < 8; j++) summ += b[k].d[j] * (float)(m[j] * (b[k].bsums[2 * j] + b[k].bsums[2 * j + 1]));
        sum += ck_h2f(a[k].d) * sumd - ck_h2f(a[k].dmin) * summ;
    }
    return sum;
}

CK_MULTI_FROM_SINGLE(ck_vec_dot_q4_K_q8_K32_generic)

#if defined(CK_X86)

/* ---- AVX2 ----------------------------------------------------------------------------------- */

CK_INLINE_AVX2 void ck_vec_dot_q4_K_q8_K32_avx2_nx(int64_t n, const void *w, const void *x, size_t xs,
                                                   int nx, float *out) {
    const block_q4_K *a = (const block_q4_K *)w;
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    __m256 acc[CK_MAX_NX], accm[CK_MAX_NX];
    for (int j = 0; j < nx; j++) acc[j] = accm[j] = _mm256_setzero_ps();
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        uint8_t sc[8], m[8];
        ck_unpack_scales_k4(a[k].scales, sc, m);
        const float d = ck_h2f_f16c(a[k].d), dmin = ck_h2f_f16c(a[k].dmin);
        const __m256i mins = ck_mins_pairs_avx2(m);
        __m256 sumd[CK_MAX_NX]; /* this super-block's sum_j dx[j] sc[j] (q . qx)_j, 8 lanes */
        for (int j = 0; j < nx; j++) sumd[j] = _mm256_setzero_ps();
        for (int c = 0; c < 4; c++) {
            const __m256i q = _mm256_loadu_si256((const __m256i *)(a[k].qs + 32 * c));
            const __m256i lo = _mm256_and_si256(q, low4);
            const __m256i hi = _mm256_and_si256(_mm256_srli_epi16(q, 4), low4);
            const __m256i s_lo = _mm256_set1_epi16(sc[2 * c]), s_hi = _mm256_set1_epi16(sc[2 * c + 1]);
            for (int j = 0; j < nx; j++) {
                const block_q8_K32 *b = (const block_q8_K32 *)((const char *)x + (size_t)j * xs) + k;
                const int8_t *y = b->qs + 64 * c;
                const __m256i p_lo = _mm256_maddubs_epi16(lo, _mm256_loadu_si256((const __m256i *)y));
                const __m256i p_hi = _mm256_maddubs_epi16(hi, _mm256_loadu_si256((const __m256i *)(y + 32)));
                sumd[j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_madd_epi16(p_lo, s_lo)), _mm256_set1_ps(b->d[2 * c]), sumd[j]);
                sumd[j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_madd_epi16(p_hi, s_hi)), _mm256_set1_ps(b->d[2 * c + 1]),
                                          sumd[j]);
            }
        }
        for (int j = 0; j < nx; j++) {
            const block_q8_K32 *b = (const block_q8_K32 *)((const char *)x + (size_t)j * xs) + k;
            const __m256i pm = _mm256_madd_epi16(_mm256_loadu_si256((const __m256i *)b->bsums), mins); /* m[j] * bsum32[j] */
            acc[j] = _mm256_fmadd_ps(_mm256_set1_ps(d), sumd[j], acc[j]);
            accm[j] = _mm256_fmadd_ps(_mm256_mul_ps(_mm256_set1_ps(dmin), _mm256_cvtepi32_ps(pm)), _mm256_loadu_ps(b->d), accm[j]);
        }
    }
    for (int j = 0; j < nx; j++) out[j] = ck_hsum256(acc[j]) - ck_hsum256(accm[j]);
}
CK_NX_ENTRIES(ck_vec_dot_q4_K_q8_K32_avx2, CK_AVX2)

/* ---- AVX-512 VNNI ----------------------------------------------------------------------------- */

/* Per half h (128 elements), one 64-byte load of qs gives chunks 2h and 2h + 1: their low
 * nibbles are sub-blocks 4h and 4h + 2, their high nibbles 4h + 1 and 4h + 3, which is how the
 * ck_q8_Kx activations are ordered. vpdpbusd leaves each int32 lane inside one sub-block; the
 * lane's factor d sc_g dx_g comes from one product per super-block and row (the weight's
 * [d sc_g, dmin m_g] pairs times ck_q8_Kx.d2) spread over the lanes by vpermps, and the same
 * product times ck_q8_Kx.qsum is the mins' term. */
CK_INLINE_AVX512 void ck_vec_dot_q4_K_q8_K32_avx512_nx(int64_t n, const void *w, const void *x, size_t xs,
                                                       int nx, float *out) {
    const block_q4_K *a = (const block_q4_K *)w;
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    /* [4] lanes of the group pairs (0, 2) (1, 3) (4, 6) (5, 7) in the pairs product */
    const __m512i lanes[4] = {ck_lane_halves(0, 4), ck_lane_halves(2, 6), ck_lane_halves(8, 12), ck_lane_halves(10, 14)};
    __m512 acc[2][CK_MAX_NX]; /* two chains (low, high nibbles), so the fma latency is not the limit */
    __m512 accm[CK_MAX_NX];
    for (int j = 0; j < nx; j++) acc[0][j] = acc[1][j] = accm[j] = _mm512_setzero_ps();
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const __m512 pairs = ck_scales_k4_pairs(&a[k].d, a[k].scales);
        __m512 f[CK_MAX_NX][4]; /* [row][z] the lane factors of the z-th load */
        for (int j = 0; j < nx; j++) {
            const ck_q8_Kx *b = (const ck_q8_Kx *)((const char *)x + (size_t)j * xs) + k;
            accm[j] = ck_lane_factors(pairs, b->d2, b->qsum, lanes, f[j], accm[j]);
        }
        for (int h = 0; h < 2; h++) {
            const __m512i v = _mm512_loadu_si512(a[k].qs + 64 * h);
            const __m512i lo = _mm512_and_si512(v, low4);
            const __m512i hi = _mm512_and_si512(_mm512_srli_epi16(v, 4), low4);
            for (int j = 0; j < nx; j++) {
                const int8_t *y = ((const ck_q8_Kx *)((const char *)x + (size_t)j * xs) + k)->qs + 128 * h;
                acc[0][j] = ck_group_step(acc[0][j], lo, _mm512_load_si512(y), f[j][2 * h]);
                acc[1][j] = ck_group_step(acc[1][j], hi, _mm512_load_si512(y + 64), f[j][2 * h + 1]);
            }
        }
    }
    for (int j = 0; j < nx; j++) out[j] = ck_hsum512(_mm512_sub_ps(_mm512_add_ps(acc[0][j], acc[1][j]), accm[j]));
}
CK_NX_ENTRIES(ck_vec_dot_q4_K_q8_K32_avx512, CK_AVX512)

/* The GEMM panels of super-blocks c0...c0+cb-1 of `nrows` rows (gemm_kq.c), in the ck_q8_Kx
 * order (32-element groups 0 2 1 3 4 6 5 7): per half, the low nibbles of its 64 bytes are the
 * next two groups of that order, the high nibbles the two after (each 64-value chunk of every
 * row transposed into 16 steps); d * sc follows the same order, -dmin * m (the coefficients of
 * the activations' group sums) stays in element order. */
CK_AVX512 void ck_pack_q4_K(const char *W, size_t row_stride, int nrows, int64_t c0, int cb, ck_kq_panel *panel) {
    static const int order[8] = {0, 2, 1, 3, 4, 6, 5, 7};
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    for (int k = 0; k < cb; k++) {
        ck_kq_panel *p = panel + k;
        for (int c = 0; c < 4; c++) {
            const int h = c / 2;
            __m512i v[16];
            for (int r = 0; r < 16; r++) {
                if (r >= nrows) {
                    v[r] = _mm512_setzero_si512();
                    continue;
                }
                const block_q4_K *a = (const block_q4_K *)(W + (size_t)r * row_stride) + c0 + k;
                const __m512i v0 = _mm512_loadu_si512(a->qs + 64 * h);
                v[r] = c % 2 == 0 ? _mm512_and_si512(v0, low4) : _mm512_and_si512(_mm512_srli_epi16(v0, 4), low4);
            }
            ck_transpose16(v);
            for (int i = 0; i < 16; i++) _mm512_store_si512(p->q[16 * c + i], v[i]);
        }
        for (int r = 0; r < nrows; r++) {
            const block_q4_K *a = (const block_q4_K *)(W + (size_t)r * row_stride) + c0 + k;
            uint8_t sc[8], m[8];
            ck_unpack_scales_k4(a->scales, sc, m);
            const float d = ck_h2f_f16c(a->d), dmin = ck_h2f_f16c(a->dmin);
            for (int g = 0; g < 8; g++) p->dsc[g][r] = d * (float)sc[order[g]];
            for (int g = 0; g < 8; g++) p->mins[g][r] = -dmin * (float)m[g];
        }
    }
}

#endif /* CK_X86 */
