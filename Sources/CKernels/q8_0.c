/*
 * q8_0.c - Q8_0 weights, and the block_q8_0 activation quantizer of all 32-block types.
 *
 * block_q8_0 (34 bytes per 32 elements): ck_half d; int8 qs[32];  x[i] = d * qs[i].
 *
 * Activation quantization (per block of 32):  amax = max |x|,  d = amax / 127,
 *   q[i] = roundf(x[i] / d) (half away from zero; x * (1/d) exactly as written), d kept as f16.
 *   Every variant produces the same bytes as the reference.
 *
 * Dot product with a block_q8_0 activation row:
 *   y = sum_b  dw_b * dx_b * sum_{i<32} qw[b][i] * qx[b][i]
 *   The inner sum is exact in int32; the scales and the accumulation are f32.
 * Variants: ref (dequantize, double sum), generic, AVX2 (sign trick + maddubs, two blocks
 *   per step), AVX-512 VNNI (two blocks per zmm: (w + 128) . qx with vpdpbusd, the 128 * sum qx
 *   taken back by the ck_q8_0x16 activations; the sixteen weight scales of a 512-element group
 *   gathered in one go).
 */
#include <math.h>

#include "ck_internal.h"

/* ---- activation quantization ------------------------------------------------------------ */

void ck_quantize_row_q8_0_ref(const float *x, void *vy, int64_t n) {
    block_q8_0 *y = (block_q8_0 *)vy;
    for (int64_t b = 0; b < n / CK_QK; b++) y[b].d = ck_f2h(ck_quantize_group_ref(x + b * CK_QK, y[b].qs, CK_QK));
}

void ck_dequantize_row_q8_0_ref(const void *src, float *dst, int64_t n) {
    const block_q8_0 *x = (const block_q8_0 *)src;
    for (int64_t b = 0; b < n / CK_QK; b++) {
        const float d = ck_h2f(x[b].d);
        for (int i = 0; i < CK_QK; i++) dst[b * CK_QK + i] = (float)x[b].qs[i] * d;
    }
}

/* ---- reference and generic dot products ------------------------------------------------- */

float ck_vec_dot_q8_0_q8_0_ref(int64_t n, const void *w, const void *x) {
    const block_q8_0 *a = (const block_q8_0 *)w, *b = (const block_q8_0 *)x;
    double sum = 0;
    for (int64_t k = 0; k < n / CK_QK; k++) {
        const float da = ck_h2f(a[k].d), db = ck_h2f(b[k].d);
        for (int i = 0; i < CK_QK; i++)
            sum += (double)((float)a[k].qs[i] * da) * (double)((float)b[k].qs[i] * db);
    }
    return (float)sum;
}
CK_MULTI_FROM_SINGLE(ck_vec_dot_q8_0_q8_0_ref)

#if CK_GENERIC_SIMD
CK_INLINE void ck_decode_q8_0_generic(const block_q8_0 *a, ck_i8x16 *lo, ck_i8x16 *hi) {
    *lo = ck_load_i8x16(a->qs);
    *hi = ck_load_i8x16(a->qs + 16);
}
CK_GENERIC_DOT_Q8_0(ck_vec_dot_q8_0_q8_0_generic, block_q8_0, ck_decode_q8_0_generic, 0, CK_F16_SCALE, ck_h2f_x4, 0, CK_NO_MIN)
#else /* plain loops (see ck_generic.h) */
CK_INLINE float ck_dot_q8_0_block(const block_q8_0 *a, const block_q8_0 *b) {
    int32_t isum = 0;
    for (int i = 0; i < CK_QK; i++) isum += (int32_t)a->qs[i] * (int32_t)b->qs[i];
    return (ck_h2f(a->d) * ck_h2f(b->d)) * (float)isum;
}
CK_GENERIC_DOT(ck_vec_dot_q8_0_q8_0_generic, block_q8_0, CK_QK, block_q8_0, ck_dot_q8_0_block)
#endif

#if defined(CK_X86)

/* ---- AVX2 ------------------------------------------------------------------------------- */

CK_AVX2 void ck_quantize_row_q8_0_avx2(const float *x, void *vy, int64_t n) {
    block_q8_0 *y = (block_q8_0 *)vy;
    for (int64_t b = 0; b < n / CK_QK; b++) y[b].d = ck_quantize_block32_avx2(x + b * CK_QK, y[b].qs, NULL);
}

/* The weights are signed bytes already. */
CK_INLINE_AVX2 __m256i ck_decode_q8_0_avx2(const block_q8_0 *p) { return _mm256_loadu_si256((const __m256i *)p->qs); }
CK_AVX2_BLOCK_DOT(ck_vec_dot_q8_0_q8_0_avx2, block_q8_0, ck_decode_q8_0_avx2)

/* ---- AVX-512 ----------------------------------------------------------------------------- */

CK_AVX512 void ck_quantize_row_q8_0_avx512(const float *x, void *vy, int64_t n) {
    block_q8_0 *y = (block_q8_0 *)vy;
    for (int64_t b = 0; b < n / CK_QK; b++) y[b].d = ck_quantize_block32_avx512(x + b * CK_QK, y[b].qs, NULL);
}

/* Signed weights as unsigned bytes: w + 128 (the activations' negc subtracts 128 * sum qx). */
CK_INLINE_AVX512 __m512i ck_decode_q8_0_pair(const block_q8_0 *p, int two) {
    return _mm512_xor_si512(ck_load_pair256(p->qs, sizeof(block_q8_0), two), _mm512_set1_epi8((char)0x80));
}
CK_X16_DOT(ck_vec_dot_q8_0_q8_0_avx512, block_q8_0, ck_decode_q8_0_pair)
CK_X16_GEMM(ck_matmul_q8_0_x16_avx512, block_q8_0, ck_decode_q8_0_pair)

#endif /* CK_X86 */
