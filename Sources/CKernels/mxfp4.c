/*
 * mxfp4.c - MXFP4 (OCP microscaling FP4, ggml's GGML_TYPE_MXFP4) weights against block_q8_0
 * activations.
 *
 * block_mxfp4 (17 bytes / 32): uint8 e; uint8 qs[16];
 *   element i < 16 is the low nibble of qs[i], element i >= 16 the high nibble of qs[i - 16];
 *   x[i] = 2^(e - 127) * E2M1(q[i]), q a 4-bit index: bit 3 the sign, bits 0-2 the magnitudes
 *   0, 0.5, 1, 1.5, 2, 3, 4, 6. As ggml does, the values are kept doubled as integers
 *   (ck_kvalues_mxfp4: 0 1 2 3 4 6 8 12, negated for bit 3) and the scale halved:
 *   x[i] = d * kv[q[i]],  d = 2^(e - 128) (ck_e8m0_half, exact for every e).
 *
 * Dot with block_q8_0 activations (dx, qx): sum_b (d_b * dx_b) * sum_i kv[q_i] qx_i, the block
 *   sums exact integers (|kv| <= 12).
 * Variants: ref, generic, AVX2 (in q8_0a.c: kv + 12 as unsigned bytes by one vpshufb of the
 *   nibbles, vpmaddubsw against s8 activations, the ck_q8_0a activations taking back 12 * sum qx)
 *   and AVX-512 VNNI (two blocks per zmm: the same unsigned bytes by vpshufb, vpdpbusd against
 *   ck_q8_0x16 activations whose negc holds -12 * sum qx; the sixteen exponents of a group
 *   gathered and widened to f32 in one step). Both SIMD levels have GEMMs (gemm_q8_0a.c,
 *   gemm_x16.c); arm64's are in arm64_dot_q32.h (one tbl per 16 nibbles).
 */
#include "ck_internal.h"

const int8_t ck_kvalues_mxfp4[16] = {0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12};

/* ---- dequantization --------------------------------------------------------------------- */

void ck_dequantize_row_mxfp4_ref(const void *src, float *dst, int64_t n) {
    const block_mxfp4 *x = (const block_mxfp4 *)src;
    for (int64_t b = 0; b < n / CK_QK; b++, dst += CK_QK) {
        const float d = ck_e8m0_half(x[b].e);
        for (int i = 0; i < CK_QK / 2; i++) {
            dst[i] = (float)ck_kvalues_mxfp4[x[b].qs[i] & 0xF] * d;
            dst[i + 16] = (float)ck_kvalues_mxfp4[x[b].qs[i] >> 4] * d;
        }
    }
}

/* ---- reference: the dot of the dequantized rows, summed in double ----------------------- */

CK_REF_DOT_Q8_0(ck_vec_dot_mxfp4_q8_0_ref, block_mxfp4, ck_dequantize_row_mxfp4_ref)

/* ---- generic ---------------------------------------------------------------------------- */

#if CK_GENERIC_SIMD
/* ck_kvalues_mxfp4[i] of 16 indices without a table lookup (which portable vectors lack): the
 * magnitude m = i & 7 is m + (m > 4 ? m - 4 : 0) + (m == 7 ? 2 : 0) (0 1 2 3 4 6 8 12), negated
 * where bit 3 is set. */
CK_INLINE ck_i8x16 ck_mxfp4_values(ck_i8x16 i) {
    const ck_i8x16 m = i & 7, neg = -((i >> 3) & 1); /* neg: -1 where bit 3 is set */
    /* (4 - m) >> 7: -1 where m > 4; (m + 1) >> 3: 1 where m == 7 */
    const ck_i8x16 v = m + (((4 - m) >> 7) & (m - 4)) + (((m + 1) >> 3) << 1);
    return (v ^ neg) - neg;
}
CK_INLINE void ck_decode_mxfp4_generic(const block_mxfp4 *a, ck_i8x16 *lo, ck_i8x16 *hi) {
    ck_nibbles_u8x16(a->qs, lo, hi);
    *lo = ck_mxfp4_values(*lo);
    *hi = ck_mxfp4_values(*hi);
}
#define CK_E8M0_SCALE(p) ((p)->e)
CK_GENERIC_DOT_Q8_0(ck_vec_dot_mxfp4_q8_0_generic, block_mxfp4, ck_decode_mxfp4_generic, 1, CK_E8M0_SCALE, ck_e8m0_half_x4, 0,
                    CK_NO_MIN)
#else /* plain loops (see ck_generic.h) */
CK_INLINE float ck_dot_mxfp4_block(const block_mxfp4 *a, const block_q8_0 *b) {
    int32_t isum = 0;
    for (int i = 0; i < CK_QK / 2; i++) {
        isum += ck_kvalues_mxfp4[a->qs[i] & 0xF] * b->qs[i];
        isum += ck_kvalues_mxfp4[a->qs[i] >> 4] * b->qs[i + 16];
    }
    return (ck_e8m0_half(a->e) * ck_h2f(b->d)) * (float)isum;
}
CK_GENERIC_DOT(ck_vec_dot_mxfp4_q8_0_generic, block_mxfp4, CK_QK, block_q8_0, ck_dot_mxfp4_block)
#endif

#if defined(CK_X86)

/* ---- AVX-512 VNNI: two blocks per zmm (AVX2's is in q8_0a.c) ------------------------------ */

/* A block pair's values as unsigned bytes kv + 12 (0...24): the nibbles, then one vpshufb. */
CK_INLINE_AVX512 __m512i ck_decode_mxfp4_pair(const block_mxfp4 *p, int two) {
    return _mm512_shuffle_epi8(_mm512_broadcast_i32x4(CK_MXFP4_U8_TABLE), ck_load_nibble_pair(p->qs, sizeof(block_mxfp4), two));
}

/* The scales of up to 16 consecutive blocks: each block's exponent byte (a 4-byte gather from
 * the block's start stays inside its 17 bytes), widened as ck_e8m0_half does. */
CK_INLINE_AVX512 __m512 ck_gather_e8m0_half16(const block_mxfp4 *ag, int count) {
    const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i idx = _mm512_mullo_epi32(iota, _mm512_set1_epi32((int)sizeof(block_mxfp4)));
    const __mmask16 m = (__mmask16)(count >= 16 ? 0xFFFFu : (1u << count) - 1u);
    const __m512i g = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, idx, ag, 1);
    const __m512i e = _mm512_and_si512(g, _mm512_set1_epi32(0xFF));
    const __m512i normal = _mm512_slli_epi32(_mm512_sub_epi32(e, _mm512_set1_epi32(1)), 23);
    const __m512i tiny = _mm512_sllv_epi32(_mm512_set1_epi32(0x00200000), e);
    const __mmask16 small = _mm512_cmplt_epi32_mask(e, _mm512_set1_epi32(2));
    return _mm512_castsi512_ps(_mm512_mask_blend_epi32(small, normal, tiny));
}

#define CK_SCALES16_E8M0(ag, cnt) ck_gather_e8m0_half16(ag, cnt)
#define CK_SCALE_E8M0(p) ck_e8m0_half((p)->e)
CK_X16_DOT_S(ck_vec_dot_mxfp4_q8_0_avx512, block_mxfp4, ck_decode_mxfp4_pair, CK_SCALES16_E8M0)
CK_X16_GEMM_S(ck_matmul_mxfp4_x16_avx512, block_mxfp4, ck_decode_mxfp4_pair, CK_SCALE_E8M0)

#endif /* CK_X86 */
