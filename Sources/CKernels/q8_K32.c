/*
 * q8_K32.c - the block_q8_K32 activation quantizer of Q4_K, Q5_K and Q6_K, and its AVX-512
 * layouts ck_q8_Kx (Q4_K/Q5_K) and ck_q8_K6x (Q6_K).
 *
 * block_q8_K32 (320 bytes / 256): float d[8]; int8 qs[256]; int16 bsums[16];
 *   x[i] = d[i / 32] * qs[i];  bsums[s] = sum of qs[16 s ... 16 s + 15].
 *
 * Quantization, per group of 32:  amax = max |x|,  d = amax / 127 (kept as f32),
 *   q[i] = roundf(x[i] * (1/d)) (half away from zero), as block_q8_K does per 256. A group's
 *   scale follows its own largest value, so one outlier no longer coarsens the other seven
 *   groups of its super-block. Every variant produces the same bytes as the reference.
 *
 * ck_q8_Kx (see ck_internal.h) holds the same values with the groups in the order
 * 0 2 1 3 4 6 5 7, each scale twice and the group sums (Q4_K/Q5_K); ck_q8_K6x keeps the
 * element order with a scale per sub-block of 16 and the sums of 16 as floats (Q6_K).
 */
#include <math.h>

#include "ck_internal.h"

/* The sixteen sums of 16 of a super-block's values. */
static void ck_q8_K32_sums(block_q8_K32 *y) {
    for (int s = 0; s < CK_QK_K / 16; s++) {
        int sum = 0;
        for (int i = 0; i < 16; i++) sum += y->qs[16 * s + i];
        y->bsums[s] = (int16_t)sum;
    }
}

void ck_quantize_row_q8_K32_ref(const float *x, void *vy, int64_t n) {
    block_q8_K32 *y = (block_q8_K32 *)vy;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        for (int g = 0; g < 8; g++) y[b].d[g] = ck_quantize_group_ref(x + b * CK_QK_K + 32 * g, y[b].qs + 32 * g, 32);
        ck_q8_K32_sums(&y[b]);
    }
}

void ck_dequantize_row_q8_K32_ref(const void *src, float *dst, int64_t n) {
    const block_q8_K32 *x = (const block_q8_K32 *)src;
    for (int64_t b = 0; b < n / CK_QK_K; b++)
        for (int i = 0; i < CK_QK_K; i++) dst[b * CK_QK_K + i] = x[b].d[i / 32] * (float)x[b].qs[i];
}

/* ck_q8_Kx stores the 32-element groups of a super-block in this order. */
static const int ck_kx_group_order[8] = {0, 2, 1, 3, 4, 6, 5, 7};

void ck_dequantize_row_q8_Kx(const void *src, float *dst, int64_t n) {
    const ck_q8_Kx *x = (const ck_q8_Kx *)src;
    for (int64_t b = 0; b < n / CK_QK_K; b++)
        for (int p = 0; p < 8; p++) {
            const int g = ck_kx_group_order[p];
            for (int l = 0; l < 32; l++) dst[b * CK_QK_K + 32 * g + l] = x[b].d2[2 * g] * (float)x[b].qs[32 * p + l];
        }
}

void ck_dequantize_row_q8_K6x(const void *src, float *dst, int64_t n) {
    const ck_q8_K6x *x = (const ck_q8_K6x *)src;
    for (int64_t b = 0; b < n / CK_QK_K; b++)
        for (int i = 0; i < CK_QK_K; i++) dst[b * CK_QK_K + i] = x[b].d2[i / 16] * (float)x[b].qs[i];
}

#if defined(CK_X86)

CK_AVX2 void ck_quantize_row_q8_K32_avx2(const float *x, void *vy, int64_t n) {
    block_q8_K32 *y = (block_q8_K32 *)vy;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        for (int g = 0; g < 8; g++) {
            const __m256i q = ck_quantize_group32_avx2(x + b * CK_QK_K + 32 * g, y[b].qs + 32 * g, &y[b].d[g]);
            /* the two sums of 16: the pair sums, then within each 128-bit lane */
            __m256i t = ck_pair_sums_i8_avx2(q);
            t = _mm256_hadd_epi32(t, t);
            t = _mm256_hadd_epi32(t, t);
            y[b].bsums[2 * g] = (int16_t)_mm256_extract_epi32(t, 0);
            y[b].bsums[2 * g + 1] = (int16_t)_mm256_extract_epi32(t, 4);
        }
    }
}

CK_AVX512 void ck_quantize_row_q8_K32_avx512(const float *x, void *vy, int64_t n) {
    block_q8_K32 *y = (block_q8_K32 *)vy;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        for (int g = 0; g < 8; g++) {
            int8_t *qs = y[b].qs + 32 * g;
            y[b].d[g] = ck_quantize_group32_avx512(x + b * CK_QK_K + 32 * g, qs);
            y[b].bsums[2 * g] = (int16_t)ck_sum16_i8_avx512(qs);
            y[b].bsums[2 * g + 1] = (int16_t)ck_sum16_i8_avx512(qs + 16);
        }
    }
}

/* block_q8_K32 values in the ck_q8_Kx layout (groups reordered, scales doubled, group sums). */
CK_AVX512 void ck_quantize_row_q8_Kx(const float *x, void *vy, int64_t n) {
    ck_q8_Kx *y = (ck_q8_Kx *)vy;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        block_q8_K32 t;
        ck_quantize_row_q8_K32_avx512(x + b * CK_QK_K, &t, CK_QK_K);
        for (int p = 0; p < 8; p++) {
            const int g = ck_kx_group_order[p];
            memcpy(y[b].qs + 32 * p, t.qs + 32 * g, 32);
            y[b].dp[p] = t.d[g];
        }
        for (int g = 0; g < 8; g++) {
            const int sum = t.bsums[2 * g] + t.bsums[2 * g + 1];
            y[b].d2[2 * g] = y[b].d2[2 * g + 1] = t.d[g];
            y[b].qsum[2 * g] = 0.0f;
            y[b].qsum[2 * g + 1] = (float)sum;
            y[b].s32[g] = t.d[g] * (float)sum;
        }
    }
}

/* block_q8_K32 values in the ck_q8_K6x layout (a scale per sub-block of 16, float sums). */
CK_AVX512 void ck_quantize_row_q8_K6x(const float *x, void *vy, int64_t n) {
    ck_q8_K6x *y = (ck_q8_K6x *)vy;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        block_q8_K32 t;
        ck_quantize_row_q8_K32_avx512(x + b * CK_QK_K, &t, CK_QK_K);
        memcpy(y[b].qs, t.qs, sizeof(t.qs));
        memcpy(y[b].d, t.d, sizeof(t.d));
        memcpy(y[b].bsums, t.bsums, sizeof(t.bsums));
        for (int s = 0; s < 16; s++) {
            y[b].d2[s] = t.d[s / 2];
            y[b].bsf[s] = (float)t.bsums[s];
        }
    }
}

#endif /* CK_X86 */
