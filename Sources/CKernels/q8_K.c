/*
 * q8_K.c - the block_q8_K activation quantizer of the k-quant types.
 *
 * block_q8_K (292 bytes / 256): float d; int8 qs[256]; int16 bsums[16];
 *   x[i] = d * qs[i];  bsums[s] = sum of qs[16 s ... 16 s + 15].
 *
 * Quantization (per super-block of 256):  amax = max |x|,  d = amax / 127 (kept as f32),
 *   q[i] = roundf(x[i] * (1/d)) (half away from zero). The sums let a weight type with a
 *   per-sub-block minimum or offset (Q2_K, Q4_K, Q5_K, Q6_K) apply it once per 16 or 32
 *   elements. Every variant produces the same bytes as the reference.

 * Used by Q2_K and Q3_K; Q4_K, Q5_K and Q6_K take block_q8_K32 (q8_K32.c).
 */
#include <math.h>

#include "ck_internal.h"

void ck_quantize_row_q8_K_ref(const float *x, void *vy, int64_t n) {
    block_q8_K *y = (block_q8_K *)vy;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        y[b].d = ck_quantize_group_ref(x + b * CK_QK_K, y[b].qs, CK_QK_K);
        for (int s = 0; s < CK_QK_K / 16; s++) {
            int sum = 0;
            for (int i = 0; i < 16; i++) sum += y[b].qs[16 * s + i];
            y[b].bsums[s] = (int16_t)sum;
        }
    }
}

void ck_dequantize_row_q8_K_ref(const void *src, float *dst, int64_t n) {
    const block_q8_K *x = (const block_q8_K *)src;
    for (int64_t b = 0; b < n / CK_QK_K; b++)
        for (int i = 0; i < CK_QK_K; i++) dst[b * CK_QK_K + i] = x[b].d * (float)x[b].qs[i];
}

#if defined(CK_X86)

CK_AVX2 void ck_quantize_row_q8_K_avx2(const float *x, void *vy, int64_t n) {
    block_q8_K *y = (block_q8_K *)vy;
    const __m256 sign = _mm256_set1_ps(-0.0f);
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        const float *xb = x + b * CK_QK_K;
        __m256 m = _mm256_setzero_ps();
        for (int i = 0; i < CK_QK_K; i += 8) m = _mm256_max_ps(m, _mm256_andnot_ps(sign, _mm256_loadu_ps(xb + i)));
        __m128 m4 = _mm_max_ps(_mm256_castps256_ps128(m), _mm256_extractf128_ps(m, 1));
        m4 = _mm_max_ps(m4, _mm_movehl_ps(m4, m4));
        m4 = _mm_max_ss(m4, _mm_movehdup_ps(m4));
        const float d = _mm_cvtss_f32(m4) / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[b].d = d;
        const __m256 s = _mm256_set1_ps(id);
        for (int i = 0; i < CK_QK_K; i += 32) {
            const float *p = xb + i;
            const __m256i q = ck_pack32_i8_avx2(ck_round_away256(_mm256_mul_ps(_mm256_loadu_ps(p), s)),
                                                ck_round_away256(_mm256_mul_ps(_mm256_loadu_ps(p + 8), s)),
                                                ck_round_away256(_mm256_mul_ps(_mm256_loadu_ps(p + 16), s)),
                                                ck_round_away256(_mm256_mul_ps(_mm256_loadu_ps(p + 24), s)));
            _mm256_storeu_si256((__m256i *)(y[b].qs + i), q);
            /* two 16-element sums: bytes -> words (pairs) -> dwords, then per 128-bit lane */
            const __m256i w16 = _mm256_maddubs_epi16(_mm256_set1_epi8(1), q);
            const __m256i w32 = _mm256_madd_epi16(w16, _mm256_set1_epi16(1));
            __m256i t = _mm256_hadd_epi32(w32, w32);
            t = _mm256_hadd_epi32(t, t);
            y[b].bsums[i / 16] = (int16_t)_mm256_extract_epi32(t, 0);
            y[b].bsums[i / 16 + 1] = (int16_t)_mm256_extract_epi32(t, 4);
        }
    }
}

CK_AVX512 void ck_quantize_row_q8_K_avx512(const float *x, void *vy, int64_t n) {
    block_q8_K *y = (block_q8_K *)vy;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        const float *xb = x + b * CK_QK_K;
        __m512 m = _mm512_setzero_ps();
        for (int i = 0; i < CK_QK_K; i += 16) m = _mm512_max_ps(m, _mm512_abs_ps(_mm512_loadu_ps(xb + i)));
        const float d = _mm512_reduce_max_ps(m) / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[b].d = d;
        const __m512 s = _mm512_set1_ps(id);
        for (int i = 0; i < CK_QK_K; i += 16) {
            const __m512i q = _mm512_cvttps_epi32(ck_round_away512(_mm512_mul_ps(_mm512_loadu_ps(xb + i), s)));
            _mm_storeu_si128((__m128i *)(y[b].qs + i), _mm512_cvtepi32_epi8(q));
            y[b].bsums[i / 16] = (int16_t)_mm512_reduce_add_epi32(q);
        }
    }
}

#endif /* CK_X86 */
