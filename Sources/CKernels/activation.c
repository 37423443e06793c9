/*
 * activation.c - the gate of a gated feed-forward network, gate[i] = act(gate[i]) * up[i], and SiLU alone
 * (the same kernels without `up`).
 *
 * Both activations are x * sigmoid(a(x)) = x / (1 + exp(-a(x))):
 *   SiLU:  a(x) = x
 *   GELU (tanh approximation): 0.5 x (1 + tanh(u)) with u = sqrt(2/pi) (x + 0.044715 x^3),
 *          and 0.5 (1 + tanh(u)) = sigmoid(2u), so a(x) = 2u (no cancellation near 0).
 * Variants: generic (libm expf), AVX2 (eight lanes, exp by ck_exp256 of ck_x86.h, about
 * 2 ulp; infinite above 88 like expf) and NEON (every arm64 level from neon: four lanes, exp by
 * ck_exp_neon of ck_arm64.h, the same operations as ck_exp256), for both functions.
 */
#include <math.h>

#include "ck_internal.h"

#define CK_GELU_K 0.7978845608f /* sqrt(2 / pi) */
#define CK_GELU_C 0.044715f

/* gate[i] = act(gate[i]) * up[i], or act(gate[i]) alone where up is NULL. */
static void ck_gated_generic(float *gate, const float *up, int64_t n, int gelu) {
    for (int64_t i = 0; i < n; i++) {
        const float x = gate[i];
        const float a = gelu ? 2.0f * CK_GELU_K * (x + CK_GELU_C * x * x * x) : x;
        const float s = x / (1.0f + expf(-a));
        gate[i] = up ? s * up[i] : s;
    }
}

/* The gated activation W lanes at a time (the activation alone where up is NULL), the rest by
 * ck_gated_generic, over a level's vector type V and operations (FMA(c, b, a) = c b + a fused;
 * NEG(a) = -a as the level writes it): the same operations in the same order at every level. */
#define CK_GATED_SIMD(name, ATTR, V, W, LOAD, STORE, SET1, MUL, ADD, DIV, FMA, NEG, EXP)                     \
    ATTR static void name(float *gate, const float *up, int64_t n, int gelu) {                           \
        const V one = SET1(1.0f);                                                                         \
        int64_t i = 0;                                                                                    \
        for (; i + (W) <= n; i += (W)) {                                                                  \
            const V x = LOAD(gate + i);                                                                   \
            V a = x;                                                                                      \
            if (gelu) a = MUL(SET1(2.0f * CK_GELU_K), FMA(SET1(CK_GELU_C), MUL(MUL(x, x), x), x));        \
            const V s = DIV(x, ADD(one, EXP(NEG(a))));                                                    \
            STORE(gate + i, up ? MUL(s, LOAD(up + i)) : s);                                               \
        }                                                                                                 \
        if (i < n) ck_gated_generic(gate + i, up ? up + i : NULL, n - i, gelu);                           \
    }

#if defined(CK_X86)

#define CK_NEG256(a) _mm256_sub_ps(_mm256_setzero_ps(), a)
CK_GATED_SIMD(ck_gated_avx2, CK_AVX2, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_set1_ps, _mm256_mul_ps,
              _mm256_add_ps, _mm256_div_ps, _mm256_fmadd_ps, CK_NEG256, ck_exp256)

#endif /* CK_X86 */

#if defined(CK_ARM64)

#define CK_FMA_NEON(c, b, a) vfmaq_f32(a, b, c)
CK_GATED_SIMD(ck_gated_neon, , float32x4_t, 4, vld1q_f32, vst1q_f32, vdupq_n_f32, vmulq_f32, vaddq_f32, vdivq_f32,
              CK_FMA_NEON, vnegq_f32, ck_exp_neon)

#endif /* CK_ARM64 */

void ck_gated_activation(int isa, int gelu, float *gate, const float *up, int64_t n) {
#if defined(CK_X86)
    if (isa >= CK_ISA_AVX2 && ck_isa_supported(CK_ISA_AVX2)) {
        ck_gated_avx2(gate, up, n, gelu);
        return;
    }
#elif defined(CK_ARM64)
    if (isa >= CK_ISA_NEON) {
        ck_gated_neon(gate, up, n, gelu);
        return;
    }
#endif
    (void)isa;
    ck_gated_generic(gate, up, n, gelu);
}

void ck_silu(int isa, float *x, int64_t n) { ck_gated_activation(isa, 0, x, NULL, n); }
