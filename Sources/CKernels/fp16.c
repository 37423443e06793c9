/*
 * fp16.c - exported half-precision conversions (IEEE binary16 and bfloat16 <-> f32).
 *
 * binary16: 1 sign, 5 exponent (bias 15), 10 mantissa bits. f32 -> f16 rounds to nearest
 * even and saturates to infinity above 65519.99; f16 -> f32 is exact.
 * bfloat16: the top 16 bits of an f32; f32 -> bf16 rounds to nearest even.
 */
#include "ck_internal.h"

float ck_fp16_to_fp32(ck_half h) { return ck_h2f(h); }

ck_half ck_fp32_to_fp16(float f) { return ck_f2h(f); }

float ck_bf16_to_fp32(ck_bf16 h) { return ck_bf2f(h); }

ck_bf16 ck_fp32_to_bf16(float f) {
    uint32_t u = ck_f32_to_bits(f);
    if ((u & 0x7FFFFFFFu) > 0x7F800000u) return (ck_bf16)((u >> 16) | 0x40u); /* quiet NaN */
    u += 0x7FFFu + ((u >> 16) & 1u);
    return (ck_bf16)(u >> 16);
}
