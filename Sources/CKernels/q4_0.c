/*
 * q4_0.c - Q4_0 and Q4_1 weights against block_q8_0 activations.
 *
 * block_q4_0 (18 bytes / 32): ck_half d; uint8 qs[16];
 * block_q4_1 (20 bytes / 32): ck_half d, m; uint8 qs[16];
 *   element i < 16 is the low nibble of qs[i], element i >= 16 the high nibble of qs[i - 16].
 *   Q4_0: x[i] = d * (q[i] - 8)       Q4_1: x[i] = d * q[i] + m        (q in 0...15)
 *
 * Dot with block_q8_0 activations (dx, qx):
 *   Q4_0: sum_b dw*dx * sum_i (q[i] - 8) qx[i]
 *   Q4_1: sum_b dw*dx * sum_i q[i] qx[i]  +  m * dx * sum_i qx[i]
 * Variants: Q4_0 has ref, generic, AVX2 (in q8_0a.c: u8 nibbles x s8 activations with
 *   vpmaddubsw, the ck_q8_0a activations taking back 8 * sum qx) and AVX-512 VNNI (two blocks per
 *   zmm: u8 nibbles x s8 activations with vpdpbusd; the ck_q8_0x16 activations take back
 *   8 * sum qx). Q4_1 has ref, generic, AVX2 (u8 nibbles x s8 block_q8_0 with vpmaddubsw, sum qx
 *   by vpmaddubsw against ones, both folded into one int32 vector and added with one fma by
 *   the two scale products; blocks alternate between two accumulators) and AVX-512 VNNI
 *   (plain block_q8_0 activations, two blocks per zmm: vpdpbusd for sum q qx and for sum qx;
 *   scaled and minimum parts in two accumulators).
 *   Every multi-row form decodes each weight block once for up to CK_MAX_NX activation rows.
 */
#include "ck_internal.h"

/* ---- dequantization --------------------------------------------------------------------- */

void ck_dequantize_row_q4_0_ref(const void *src, float *dst, int64_t n) {
    const block_q4_0 *x = (const block_q4_0 *)src;
    for (int64_t b = 0; b < n / CK_QK; b++, dst += CK_QK) {
        const float d = ck_h2f(x[b].d);
        for (int i = 0; i < CK_QK / 2; i++) {
            dst[i] = d * (float)((x[b].qs[i] & 0xF) - 8);
            dst[i + 16] = d * (float)((x[b].qs[i] >> 4) - 8);
        }
    }
}

void ck_dequantize_row_q4_1_ref(const void *src, float *dst, int64_t n) {
    const block_q4_1 *x = (const block_q4_1 *)src;
    for (int64_t b = 0; b < n / CK_QK; b++, dst += CK_QK) {
        const float d = ck_h2f(x[b].d), m = ck_h2f(x[b].m);
        for (int i = 0; i < CK_QK / 2; i++) {
            dst[i] = d * (float)(x[b].qs[i] & 0xF) + m;
            dst[i + 16] = d * (float)(x[b].qs[i] >> 4) + m;
        }
    }
}

/* ---- reference: the dot of the dequantized rows, summed in double ----------------------- */

CK_REF_DOT_Q8_0(ck_vec_dot_q4_0_q8_0_ref, block_q4_0, ck_dequantize_row_q4_0_ref)
CK_REF_DOT_Q8_0(ck_vec_dot_q4_1_q8_0_ref, block_q4_1, ck_dequantize_row_q4_1_ref)

/* ---- generic ---------------------------------------------------------------------------- */

#if CK_GENERIC_SIMD
/* The values of a block as int8: q - 8 (Q4_0), q (Q4_1). */
CK_INLINE void ck_decode_q4_0_generic(const block_q4_0 *a, ck_i8x16 *lo, ck_i8x16 *hi) {
    ck_nibbles_u8x16(a->qs, lo, hi);
    *lo -= 8;
    *hi -= 8;
}
CK_INLINE void ck_decode_q4_1_generic(const block_q4_1 *a, ck_i8x16 *lo, ck_i8x16 *hi) { ck_nibbles_u8x16(a->qs, lo, hi); }
#define CK_Q4_1_MIN(p) ((p)->m)
CK_GENERIC_DOT_Q8_0(ck_vec_dot_q4_0_q8_0_generic, block_q4_0, ck_decode_q4_0_generic, 1, CK_F16_SCALE, ck_h2f_x4, 0, CK_NO_MIN)
CK_GENERIC_DOT_Q8_0(ck_vec_dot_q4_1_q8_0_generic, block_q4_1, ck_decode_q4_1_generic, 1, CK_F16_SCALE, ck_h2f_x4, 1, CK_Q4_1_MIN)
#else /* plain loops (see ck_generic.h) */
CK_INLINE float ck_dot_q4_0_block(const block_q4_0 *a, const block_q8_0 *b) {
    int32_t isum = 0;
    for (int i = 0; i < CK_QK / 2; i++) {
        isum += ((a->qs[i] & 0xF) - 8) * b->qs[i];
        isum += ((a->qs[i] >> 4) - 8) * b->qs[i + 16];
    }
    return (ck_h2f(a->d) * ck_h2f(b->d)) * (float)isum;
}
CK_GENERIC_DOT(ck_vec_dot_q4_0_q8_0_generic, block_q4_0, CK_QK, block_q8_0, ck_dot_q4_0_block)

CK_INLINE float ck_dot_q4_1_block(const block_q4_1 *a, const block_q8_0 *b) {
    int32_t isum = 0, xsum = 0;
    for (int i = 0; i < CK_QK / 2; i++) {
        isum += (a->qs[i] & 0xF) * b->qs[i] + (a->qs[i] >> 4) * b->qs[i + 16];
        xsum += b->qs[i] + b->qs[i + 16];
    }
    const float dx = ck_h2f(b->d);
    return (ck_h2f(a->d) * dx) * (float)isum + (ck_h2f(a->m) * dx) * (float)xsum;
}
CK_GENERIC_DOT(ck_vec_dot_q4_1_q8_0_generic, block_q4_1, CK_QK, block_q8_0, ck_dot_q4_1_block)
#endif

#if defined(CK_X86)

/* ---- AVX2 (Q4_1; Q4_0's is in q8_0a.c) ------------------------------------------------------ */

CK_INLINE_AVX2 __m256i ck_decode_q4_1_avx2(const block_q4_1 *p) { return ck_nibbles_avx2(p->qs); }
CK_AVX2_MIN_DOT(ck_vec_dot_q4_1_q8_0_avx2, block_q4_1, ck_decode_q4_1_avx2)

/* ---- AVX-512 VNNI: two blocks per zmm ------------------------------------------------------ */

/* The nibbles of a block pair as unsigned bytes (the activations' negc subtracts 8 * sum qx). */
CK_INLINE_AVX512 __m512i ck_decode_q4_0_pair(const block_q4_0 *p, int two) {
    return ck_load_nibble_pair(p->qs, sizeof(block_q4_0), two);
}
CK_X16_DOT(ck_vec_dot_q4_0_q8_0_avx512, block_q4_0, ck_decode_q4_0_pair)
CK_X16_GEMM(ck_matmul_q4_0_x16_avx512, block_q4_0, ck_decode_q4_0_pair)

/* Q4_1: the nibbles of a block pair as they are (0...15), against plain block_q8_0. */
CK_INLINE_AVX512 __m512i ck_decode_q4_1_pair(const block_q4_1 *p, int two) {
    return ck_load_nibble_pair(p->qs, sizeof(block_q4_1), two);
}
CK_X2_MIN_DOT(ck_vec_dot_q4_1_q8_0_avx512, block_q4_1, ck_decode_q4_1_pair)

#endif /* CK_X86 */
