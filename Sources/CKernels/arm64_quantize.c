/*
 * arm64_quantize.c - block_q8_0 activation quantization with NEON (every arm64 level), the
 * reference's bytes exactly: amax by fmaxnm (fmaxf's treatment of NaN) over |x|, the same
 * scalar d = amax / 127 and id = 1 / d, q = x * id rounded half away from zero (fcvtas, as
 * roundf) and narrowed; d stored by ck_f2h. Empty on other CPUs.
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

#endif /* CK_ARM64 */
