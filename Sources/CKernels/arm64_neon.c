/*
 * arm64_neon.c - the neon level's dot products of the quantized types: the kernels of
 * arm64_dot_q32.h and arm64_dot_kquant.h with an sdot made of base Advanced SIMD instructions,
 * so they run on every aarch64 CPU (Cortex-A53 and up). Empty on other CPUs.
 */
#include "ck_internal.h"

#if defined(CK_ARM64)

#define CK_ARM_NAME(stem) stem##_neon
#define CK_ARM_ATTR

/* acc += the four-byte dot products of a and b, lane by lane, as sdot does: the sixteen int16
 * products (exact: |p| <= 2^14) are added pairwise into the int32 lanes. The lanes group the
 * products differently from sdot, but the sum of the lanes, all a kernel uses, is the same. */
static inline __attribute__((always_inline)) int32x4_t ck_arm_sdot(int32x4_t acc, int8x16_t a, int8x16_t b) {
    acc = vpadalq_s16(acc, vmull_s8(vget_low_s8(a), vget_low_s8(b)));
    return vpadalq_s16(acc, vmull_high_s8(a, b));
}

/* The sum of the 32 bytes of a and b in four int32 lanes: three widening pairwise adds. */
static inline __attribute__((always_inline)) int32x4_t ck_arm_bsum32(int8x16_t a, int8x16_t b) {
    return vpaddlq_s16(vpadalq_s8(vpaddlq_s8(a), b));
}

#include "arm64_dot_q32.h"
#include "arm64_dot_kquant.h"

#endif /* CK_ARM64 */
