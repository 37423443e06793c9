/*
 * arm64_quantize.c - the activation quantizers with NEON (every arm64 level): block_q8_0 (the
 * 32-element types), block_q8_K (Q2_K, Q3_K) and block_q8_K32 (Q4_K, Q5_K, Q6_K), the
 * reference's bytes exactly: amax by fmaxnm (fmaxf's treatment of NaN) over |x| from 0, the
 * same scalar d = amax / 127 and id = 1 / d, q = x * id rounded half away from zero (fcvtas, as
 * roundf) and narrowed; d stored by ck_f2h (q8_0) or as f32; the sums of 16 by saddlv (exact
 * in int16). Empty on other CPUs.
 */
#include "ck_internal.h"

#if defined(CK_ARM64)

void ck_quantize_row_q8_0_neon(const float *x, void *vy, int64_t n) {
    block_q8_0 *y = (block_q8_0 *)vy;
    for (int64_t b = 0; b < n / CK_QK; b++) {
        const float *xb = x + b * CK_QK;
        float32x4_t v[8];
        for (int i = 0; i < 8; i++) v[i] = vld1q_f32(xb + 4 * i);
        float32x4_t m = vabsq_f32(v[0]);
        for (int i = 1; i < 8; i++) m = vmaxnmq_f32(m, vabsq_f32(v[i]));
        const float amax = vmaxnmvq_f32(m);
        const float d = amax / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[b].d = ck_f2h(d);
        for (int i = 0; i < 4; i++) {
            const int32x4_t a = vcvtaq_s32_f32(vmulq_n_f32(v[2 * i], id));
            const int32x4_t c = vcvtaq_s32_f32(vmulq_n_f32(v[2 * i + 1], id));
            const int16x8_t h = vcombine_s16(vmovn_s32(a), vmovn_s32(c));
            vst1_s8(y[b].qs + 8 * i, vmovn_s16(h));
        }
    }
}

/* max |x| over n (a multiple of 16) floats, from 0 as the reference's fmaxf loop. */
static inline __attribute__((always_inline)) float ck_arm_amax(const float *x, int n) {
    float32x4_t m0 = vdupq_n_f32(0.0f), m1 = m0, m2 = m0, m3 = m0;
    for (int i = 0; i < n; i += 16) {
        m0 = vmaxnmq_f32(m0, vabsq_f32(vld1q_f32(x + i)));
        m1 = vmaxnmq_f32(m1, vabsq_f32(vld1q_f32(x + i + 4)));
        m2 = vmaxnmq_f32(m2, vabsq_f32(vld1q_f32(x + i + 8)));
        m3 = vmaxnmq_f32(m3, vabsq_f32(vld1q_f32(x + i + 12)));
    }
    return vmaxnmvq_f32(vmaxnmq_f32(vmaxnmq_f32(m0, m1), vmaxnmq_f32(m2, m3)));
}

/* 16 floats times id, rounded half away from zero, narrowed to int8 (stored); returns their sum. */
static inline __attribute__((always_inline)) int16_t ck_arm_quantize16(const float *x, float id, int8_t *q) {
    int32x4_t v[4];
    for (int i = 0; i < 4; i++) v[i] = vcvtaq_s32_f32(vmulq_n_f32(vld1q_f32(x + 4 * i), id));
    const int16x8_t lo = vcombine_s16(vmovn_s32(v[0]), vmovn_s32(v[1]));
    const int16x8_t hi = vcombine_s16(vmovn_s32(v[2]), vmovn_s32(v[3]));
    const int8x16_t b = vcombine_s8(vmovn_s16(lo), vmovn_s16(hi));
    vst1q_s8(q, b);
    return vaddlvq_s8(b);
}

void ck_quantize_row_q8_K_neon(const float *x, void *vy, int64_t n) {
    block_q8_K *y = (block_q8_K *)vy;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        const float *xb = x + b * CK_QK_K;
        const float d = ck_arm_amax(xb, CK_QK_K) / 127.0f;
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        y[b].d = d;
        for (int s = 0; s < CK_QK_K / 16; s++) y[b].bsums[s] = ck_arm_quantize16(xb + 16 * s, id, y[b].qs + 16 * s);
    }
}

void ck_quantize_row_q8_K32_neon(const float *x, void *vy, int64_t n) {
    block_q8_K32 *y = (block_q8_K32 *)vy;
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        for (int g = 0; g < 8; g++) {
            const float *xg = x + b * CK_QK_K + 32 * g;
            const float d = ck_arm_amax(xg, 32) / 127.0f;
            const float id = d != 0.0f ? 1.0f / d : 0.0f;
            y[b].d[g] = d;
            y[b].bsums[2 * g] = ck_arm_quantize16(xg, id, y[b].qs + 32 * g);
            y[b].bsums[2 * g + 1] = ck_arm_quantize16(xg + 16, id, y[b].qs + 32 * g + 16);
        }
    }
}

#endif /* CK_ARM64 */
