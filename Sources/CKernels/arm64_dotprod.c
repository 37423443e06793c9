/*
 * arm64_dotprod.c - the dotprod level's dot products of the quantized types: the kernels of
 * arm64_dot_q32.h and arm64_dot_kquant.h with the sdot instruction (FEAT_DotProd: Cortex-A55,
 * A76, Neoverse N1 and later, Apple M1 and later). Chosen at run time (cpu.c); the functions
 * carry the target attribute, nothing else in the package needs it. Empty on other CPUs.
 */
#include "ck_internal.h"

#if defined(CK_ARM64)

#define CK_ARM_NAME(stem) stem##_dotprod
#define CK_ARM_ATTR CK_DOTPROD

/* acc += the four-byte dot products of a and b: lane i gets sum_k a[4i + k] b[4i + k]. */
static inline __attribute__((always_inline)) CK_DOTPROD int32x4_t ck_arm_sdot(int32x4_t acc, int8x16_t a,
                                                                              int8x16_t b) {
    return vdotq_s32(acc, a, b);
}

/* The sum of the 32 bytes of a and b in four int32 lanes: two sdots against ones. */
static inline __attribute__((always_inline)) CK_DOTPROD int32x4_t ck_arm_bsum32(int8x16_t a, int8x16_t b) {
    const int8x16_t ones = vdupq_n_s8(1);
    return vdotq_s32(vdotq_s32(vdupq_n_s32(0), ones, a), ones, b);
}

#include "arm64_dot_q32.h"
#include "arm64_dot_kquant.h"

#endif /* CK_ARM64 */
