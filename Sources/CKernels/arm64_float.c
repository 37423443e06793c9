/*
 * arm64_float.c - F32, F16 and BF16 weights against f32 activations on arm64 (the neon level;
 * dotprod and i8mm add nothing for floats and use these). Empty on other CPUs.
 *
 * 16 weights per step, widened to four float32x4 (F16: fcvtl, exact; BF16: shll #16, the bits
 * become the top half of a binary32) and used for up to four activation rows, fma into two
 * accumulators per row; the tail (n mod 16) is summed in scalar after the lanes.
 */
#include "ck_internal.h"

#if defined(CK_ARM64)

static inline __attribute__((always_inline)) void ck_arm_load16_f32(const float *p, float32x4_t v[4]) {
    for (int i = 0; i < 4; i++) v[i] = vld1q_f32(p + 4 * i);
}

static inline __attribute__((always_inline)) void ck_arm_load16_f16(const ck_half *p, float32x4_t v[4]) {
    for (int i = 0; i < 2; i++) {
        const float16x8_t h = vreinterpretq_f16_u16(vld1q_u16(p + 8 * i));
        v[2 * i] = vcvt_f32_f16(vget_low_f16(h));
        v[2 * i + 1] = vcvt_high_f32_f16(h);
    }
}

static inline __attribute__((always_inline)) void ck_arm_load16_bf16(const ck_bf16 *p, float32x4_t v[4]) {
    for (int i = 0; i < 2; i++) {
        const uint16x8_t h = vld1q_u16(p + 8 * i);
        v[2 * i] = vreinterpretq_f32_u32(vshll_n_u16(vget_low_u16(h), 16));
        v[2 * i + 1] = vreinterpretq_f32_u32(vshll_high_n_u16(h, 16));
    }
}

#define CK_IDENTITY(v) (v)

#define CK_ARM_FLOAT_DOT(stem, T, load16, decode)                                                  \
    static inline __attribute__((always_inline)) void stem##_neon_nx(int64_t n, const void *w,      \
                                                                     const void *x, size_t xs,      \
                                                                     int nx, float *out) {          \
        const T *a = (const T *)w;                                                                 \
        float32x4_t acc[4][2];                                                                     \
        for (int j = 0; j < nx; j++) acc[j][0] = acc[j][1] = vdupq_n_f32(0.0f);                    \
        int64_t i = 0;                                                                             \
        for (; i + 16 <= n; i += 16) {                                                             \
            float32x4_t v[4];                                                                      \
            load16(a + i, v);                                                                      \
            for (int j = 0; j < nx; j++) {                                                         \
                const float *b = (const float *)((const char *)x + (size_t)j * xs) + i;            \
                acc[j][0] = vfmaq_f32(acc[j][0], v[0], vld1q_f32(b));                              \
                acc[j][1] = vfmaq_f32(acc[j][1], v[1], vld1q_f32(b + 4));                          \
                acc[j][0] = vfmaq_f32(acc[j][0], v[2], vld1q_f32(b + 8));                          \
                acc[j][1] = vfmaq_f32(acc[j][1], v[3], vld1q_f32(b + 12));                         \
            }                                                                                      \
        }                                                                                          \
        for (int j = 0; j < nx; j++) {                                                             \
            const float *b = (const float *)((const char *)x + (size_t)j * xs);                    \
            float s = vaddvq_f32(vaddq_f32(acc[j][0], acc[j][1]));                                 \
            for (int64_t k = i; k < n; k++) s += decode(a[k]) * b[k];                              \
            out[j] = s;                                                                            \
        }                                                                                          \
    }                                                                                              \
    CK_NX_ENTRIES(stem##_neon, )

CK_ARM_FLOAT_DOT(ck_vec_dot_f32_f32, float, ck_arm_load16_f32, CK_IDENTITY)
CK_ARM_FLOAT_DOT(ck_vec_dot_f16_f32, ck_half, ck_arm_load16_f16, ck_h2f)
CK_ARM_FLOAT_DOT(ck_vec_dot_bf16_f32, ck_bf16, ck_arm_load16_bf16, ck_bf2f)

#endif /* CK_ARM64 */
