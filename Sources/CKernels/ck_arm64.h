/*
 * ck_arm64.h - the arm64 side of the kernels: the per-function target attributes of the three
 * arm64 levels, the prototypes of their variants, and what every level shares (the 32-element
 * blocks' decoding, exp). Included by ck_internal.h; empty on other CPUs.
 *
 * Levels (see cpu.c for their detection):
 *   neon     Advanced SIMD, part of every aarch64 CPU: no attribute needed.
 *   dotprod  FEAT_DotProd: sdot/udot, four int8 products summed into each int32 lane.
 *   i8mm     FEAT_I8MM: smmla, a 2x8 by 8x2 int8 matrix product into a 2x2 int32 tile.
 * The attribute spelling "arch=armv8.2-a+..." is the one both gcc 12 and clang accept
 * ("+dotprod" alone is clang's only). Nothing is compiled with package-wide -march flags.
 *
 * The dot products of the quantized types are written once, in arm64_dot_q32.h (the 32-element
 * types) and arm64_dot_kquant.h (the k-quants), over three macros that the including file
 * defines: CK_ARM_NAME(stem) (the variant's name), CK_ARM_ATTR (its target attribute),
 * ck_arm_sdot (int32x4 acc += four-byte dot products of two int8x16) and ck_arm_bsum32 (the
 * sum of 32 int8 in four int32 lanes). arm64_neon.c includes
 * them with a NEON sdot (widening multiplies and pairwise adds), arm64_dotprod.c with the
 * instruction. Both give the same exact integer per block, so the two levels are bit-identical.
 */
#ifndef CK_ARM64_H
#define CK_ARM64_H

#if defined(__aarch64__)
#define CK_ARM64 1
#include <arm_neon.h>

#define CK_DOTPROD __attribute__((target("arch=armv8.2-a+dotprod")))
#define CK_I8MM __attribute__((target("arch=armv8.2-a+dotprod+i8mm")))

/* The variants of the two levels with their own dot products. */
#define CK_DECLARE_DOT_ARM64(stem) \
    CK_DECLARE_DOT(stem##_neon)     \
    CK_DECLARE_DOT(stem##_dotprod)

CK_DECLARE_DOT(ck_vec_dot_f32_f32_neon)
CK_DECLARE_DOT(ck_vec_dot_f16_f32_neon)
CK_DECLARE_DOT(ck_vec_dot_bf16_f32_neon)
CK_DECLARE_DOT_ARM64(ck_vec_dot_q4_0_q8_0)
CK_DECLARE_DOT_ARM64(ck_vec_dot_q4_1_q8_0)
CK_DECLARE_DOT_ARM64(ck_vec_dot_q5_0_q8_0)
CK_DECLARE_DOT_ARM64(ck_vec_dot_q5_1_q8_0)
CK_DECLARE_DOT_ARM64(ck_vec_dot_q8_0_q8_0)
CK_DECLARE_DOT_ARM64(ck_vec_dot_mxfp4_q8_0)
CK_DECLARE_DOT_ARM64(ck_vec_dot_q2_K_q8_K)
CK_DECLARE_DOT_ARM64(ck_vec_dot_q3_K_q8_K)
CK_DECLARE_DOT_ARM64(ck_vec_dot_q4_K_q8_K32)
CK_DECLARE_DOT_ARM64(ck_vec_dot_q5_K_q8_K32)
CK_DECLARE_DOT_ARM64(ck_vec_dot_q6_K_q8_K32)

/* The i8mm level's GEMMs (arm64_i8mm.c; the signature of ck_matmul_rows_fn). */
CK_DECLARE_MATMUL(ck_matmul_q4_0_i8mm)
CK_DECLARE_MATMUL(ck_matmul_q5_0_i8mm)
CK_DECLARE_MATMUL(ck_matmul_q8_0_i8mm)
CK_DECLARE_MATMUL(ck_matmul_mxfp4_i8mm)
CK_DECLARE_MATMUL(ck_matmul_q4_K_i8mm)
CK_DECLARE_MATMUL(ck_matmul_q5_K_i8mm)
CK_DECLARE_MATMUL(ck_matmul_q6_K_i8mm)

/* block_q8_0, block_q8_K and block_q8_K32 activations with NEON (arm64_quantize.c): the
 * reference's bytes. */
void ck_quantize_row_q8_0_neon(const float *x, void *y, int64_t n);
void ck_quantize_row_q8_K_neon(const float *x, void *y, int64_t n);
void ck_quantize_row_q8_K32_neon(const float *x, void *y, int64_t n);

/* Block decoding shared by every arm64 level: baseline NEON only, so that no target attribute
 * is needed and the dotprod and i8mm functions inline it. */
#define CK_ARM64_INLINE static inline __attribute__((always_inline))

/* binary16 -> binary32 by the hardware (fcvt): exact, as ck_h2f. */
CK_ARM64_INLINE float ck_arm_h2f(ck_half h) {
    __fp16 f;
    memcpy(&f, &h, sizeof(f));
    return (float)f;
}

/* The fifth bits of a Q5 block as one byte per element: all ones where bit i of qh is set.
 * lo covers elements 0-15 (qh bits 0-15), hi elements 16-31. */
CK_ARM64_INLINE void ck_arm_q5_bits(const uint8_t qh[4], uint8x16_t *lo, uint8x16_t *hi) {
    static const uint8_t spread[32] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                                       2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3};
    static const uint8_t bit[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    uint32_t h;
    memcpy(&h, qh, sizeof(h));
    const uint8x16_t bytes = vreinterpretq_u8_u32(vdupq_n_u32(h));
    const uint8x16_t mask = vld1q_u8(bit);
    *lo = vtstq_u8(vqtbl1q_u8(bytes, vld1q_u8(spread)), mask);
    *hi = vtstq_u8(vqtbl1q_u8(bytes, vld1q_u8(spread + 16)), mask);
}

/* One weight block of `type` decoded to the int8 values the dot products read (arm64_dot_q32.h
 * describes each type's values); the i8mm GEMMs read the same ones for Q8_0, Q5_0 and MXFP4. */
CK_ARM64_INLINE void ck_arm_decode_q32(int type, const void *block, int8x16_t *lo, int8x16_t *hi) {
    const uint8x16_t low4 = vdupq_n_u8(0x0F);
    switch (type) {
    case CK_TYPE_Q8_0: {
        const block_q8_0 *p = (const block_q8_0 *)block;
        *lo = vld1q_s8(p->qs);
        *hi = vld1q_s8(p->qs + 16);
        break;
    }
    case CK_TYPE_Q4_0: {
        const uint8x16_t t = veorq_u8(vld1q_u8(((const block_q4_0 *)block)->qs), vdupq_n_u8(0x88));
        *lo = vreinterpretq_s8_u8(vshlq_n_u8(t, 4));
        *hi = vreinterpretq_s8_u8(vandq_u8(t, vdupq_n_u8(0xF0)));
        break;
    }
    case CK_TYPE_Q4_1: {
        const uint8x16_t q = vld1q_u8(((const block_q4_1 *)block)->qs);
        *lo = vreinterpretq_s8_u8(vandq_u8(q, low4));
        *hi = vreinterpretq_s8_u8(vshrq_n_u8(q, 4));
        break;
    }
    case CK_TYPE_Q5_0: {
        const block_q5_0 *p = (const block_q5_0 *)block;
        const uint8x16_t q = vld1q_u8(p->qs), high = vdupq_n_u8(0xF0);
        uint8x16_t blo, bhi;
        ck_arm_q5_bits(p->qh, &blo, &bhi);
        *lo = vreinterpretq_s8_u8(vorrq_u8(vandq_u8(q, low4), vbicq_u8(high, blo)));
        *hi = vreinterpretq_s8_u8(vorrq_u8(vshrq_n_u8(q, 4), vbicq_u8(high, bhi)));
        break;
    }
    case CK_TYPE_MXFP4: {
        const uint8x16_t q = vld1q_u8(((const block_mxfp4 *)block)->qs);
        const int8x16_t kv = vld1q_s8(ck_kvalues_mxfp4);
        *lo = vqtbl1q_s8(kv, vandq_u8(q, low4));
        *hi = vqtbl1q_s8(kv, vshrq_n_u8(q, 4));
        break;
    }
    default: { /* CK_TYPE_Q5_1 */
        const block_q5_1 *p = (const block_q5_1 *)block;
        const uint8x16_t q = vld1q_u8(p->qs), fifth = vdupq_n_u8(0x10);
        uint8x16_t blo, bhi;
        ck_arm_q5_bits(p->qh, &blo, &bhi);
        *lo = vreinterpretq_s8_u8(vorrq_u8(vandq_u8(q, low4), vandq_u8(fifth, blo)));
        *hi = vreinterpretq_s8_u8(vorrq_u8(vshrq_n_u8(q, 4), vandq_u8(fifth, bhi)));
        break;
    }
    }
}

/* A block's scale d (the f16 types start with it; MXFP4 with its exponent byte). */
CK_ARM64_INLINE float ck_arm_q32_d(int type, const void *block) {
    return type == CK_TYPE_MXFP4 ? ck_e8m0_half(*(const uint8_t *)block) : ck_arm_h2f(*(const ck_half *)block);
}

/* exp(x) four lanes at a time, every arm64 level: the reduction, polynomial and limits of
 * ck_exp256 (ck_x86.h), instruction for instruction (round to nearest even, fma), so the lanes
 * round as the AVX2 ones do (about 2 ulp); infinite above 88, exp(-88) below -88 (and for NaN,
 * as x86's max/min). */
CK_ARM64_INLINE float32x4_t ck_exp_neon(float32x4_t x) {
    const uint32x4_t overflow = vcgtq_f32(x, vdupq_n_f32(88.0f));
    const float32x4_t v = vminnmq_f32(vmaxnmq_f32(x, vdupq_n_f32(-88.0f)), vdupq_n_f32(88.0f));
    const float32x4_t n = vrndnq_f32(vmulq_n_f32(v, 1.44269504089f));
    float32x4_t r = vfmsq_f32(v, n, vdupq_n_f32(0.693359375f));
    r = vfmsq_f32(r, n, vdupq_n_f32(-2.12194440e-4f));
    float32x4_t p = vdupq_n_f32(1.9875691500e-4f);
    p = vfmaq_f32(vdupq_n_f32(1.3981999507e-3f), p, r);
    p = vfmaq_f32(vdupq_n_f32(8.3334519073e-3f), p, r);
    p = vfmaq_f32(vdupq_n_f32(4.1665795894e-2f), p, r);
    p = vfmaq_f32(vdupq_n_f32(1.6666665459e-1f), p, r);
    p = vfmaq_f32(vdupq_n_f32(5.0000001201e-1f), p, r);
    p = vfmaq_f32(vaddq_f32(r, vdupq_n_f32(1.0f)), p, vmulq_f32(r, r));
    const int32x4_t e = vshlq_n_s32(vaddq_s32(vcvtq_s32_f32(n), vdupq_n_s32(127)), 23);
    return vbslq_f32(overflow, vdupq_n_f32(__builtin_inff()), vmulq_f32(p, vreinterpretq_f32_s32(e)));
}

#endif /* __aarch64__ */
#endif /* CK_ARM64_H */
