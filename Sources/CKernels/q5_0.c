/*
 * q5_0.c - Q5_0 and Q5_1 weights against block_q8_0 activations.
 *
 * block_q5_0 (22 bytes / 32): ck_half d; uint8 qh[4]; uint8 qs[16];
 * block_q5_1 (24 bytes / 32): ck_half d, m; uint8 qh[4]; uint8 qs[16];
 *   q[i] = nibble | (bit i of the little-endian uint32 qh) << 4, where the nibble of element
 *   i < 16 is the low one of qs[i] and of element i >= 16 the high one of qs[i - 16].
 *   Q5_0: x[i] = d * (q[i] - 16)      Q5_1: x[i] = d * q[i] + m       (q in 0...31)
 *
 * Dot with block_q8_0 activations (dx, qx):
 *   Q5_0: sum_b dw*dx * sum_i (q[i] - 16) qx[i]
 *   Q5_1: sum_b dw*dx * sum_i q[i] qx[i]  +  m * dx * sum_i qx[i]
 * Variants: Q5_0 has ref, generic, AVX2 (in q8_0a.c: qh expanded with a byte shuffle, u8
 *   weights x s8 ck_q8_0a activations that take back 16 * sum qx) and AVX-512 VNNI
 *   (two blocks per zmm; their qh used directly as a 64-bit byte mask; u8 q x s8 qx with
 *   vpdpbusd, the ck_q8_0x16 activations taking back 16 * sum qx). Q5_1 has ref, generic, AVX2
 *   (qh expanded with a byte shuffle, then as Q4_1's: u8 q x s8 block_q8_0 and sum qx with
 *   vpmaddubsw, one fma per block) and AVX-512 VNNI (plain block_q8_0, two blocks
 *   per zmm, qh as a byte mask; vpdpbusd for sum q qx and sum qx). Every multi-row form decodes
 *   each weight block once for up to CK_MAX_NX activation rows.
 */
#include "ck_internal.h"

/* ---- dequantization --------------------------------------------------------------------- */

CK_INLINE uint32_t ck_load_qh(const uint8_t qh[4]) {
    uint32_t v;
    memcpy(&v, qh, 4);
    return v;
}

void ck_dequantize_row_q5_0_ref(const void *src, float *dst, int64_t n) {
    const block_q5_0 *x = (const block_q5_0 *)src;
    for (int64_t b = 0; b < n / CK_QK; b++, dst += CK_QK) {
        const float d = ck_h2f(x[b].d);
        const uint32_t qh = ck_load_qh(x[b].qh);
        for (int i = 0; i < CK_QK / 2; i++) {
            const int lo = (x[b].qs[i] & 0xF) | (int)(((qh >> i) & 1u) << 4);
            const int hi = (x[b].qs[i] >> 4) | (int)(((qh >> (i + 16)) & 1u) << 4);
            dst[i] = d * (float)(lo - 16);
            dst[i + 16] = d * (float)(hi - 16);
        }
    }
}

void ck_dequantize_row_q5_1_ref(const void *src, float *dst, int64_t n) {
    const block_q5_1 *x = (const block_q5_1 *)src;
    for (int64_t b = 0; b < n / CK_QK; b++, dst += CK_QK) {
        const float d = ck_h2f(x[b].d), m = ck_h2f(x[b].m);
        const uint32_t qh = ck_load_qh(x[b].qh);
        for (int i = 0; i < CK_QK / 2; i++) {
            const int lo = (x[b].qs[i] & 0xF) | (int)(((qh >> i) & 1u) << 4);
            const int hi = (x[b].qs[i] >> 4) | (int)(((qh >> (i + 16)) & 1u) << 4);
            dst[i] = d * (float)lo + m;
            dst[i + 16] = d * (float)hi + m;
        }
    }
}

/* ---- reference: the dot of the dequantized rows, summed in double ----------------------- */

CK_REF_DOT_Q8_0(ck_vec_dot_q5_0_q8_0_ref, block_q5_0, ck_dequantize_row_q5_0_ref)
CK_REF_DOT_Q8_0(ck_vec_dot_q5_1_q8_0_ref, block_q5_1, ck_dequantize_row_q5_1_ref)

/* ---- generic ---------------------------------------------------------------------------- */

#if CK_GENERIC_SIMD
/* 16 of the fifth bits (bits of h) as 16 bytes, 16 where set: each byte of the pair broadcast
 * over eight lanes, tested against its bit. */
CK_INLINE ck_i8x16 ck_q5_high_bits(uint32_t h) {
    const uint8_t a = (uint8_t)h, b = (uint8_t)(h >> 8);
    const ck_u8x16 bytes = {a, a, a, a, a, a, a, a, b, b, b, b, b, b, b, b};
    const ck_u8x16 bit = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    return (ck_i8x16)((((bytes & bit) + 127) & 128) >> 3); /* 128 where a bit is set, then 16 */
}

/* The 5-bit values of a block (0...31) as int8, minus `offset` (16 for Q5_0, 0 for Q5_1). */
CK_INLINE void ck_q5_values_generic(const uint8_t qs[16], const uint8_t qh[4], int offset, ck_i8x16 *lo, ck_i8x16 *hi) {
    const uint32_t h = ck_load_qh(qh);
    ck_nibbles_u8x16(qs, lo, hi);
    *lo = (*lo | ck_q5_high_bits(h)) - (int8_t)offset;
    *hi = (*hi | ck_q5_high_bits(h >> 16)) - (int8_t)offset;
}
CK_INLINE void ck_decode_q5_0_generic(const block_q5_0 *a, ck_i8x16 *lo, ck_i8x16 *hi) {
    ck_q5_values_generic(a->qs, a->qh, 16, lo, hi);
}
CK_INLINE void ck_decode_q5_1_generic(const block_q5_1 *a, ck_i8x16 *lo, ck_i8x16 *hi) {
    ck_q5_values_generic(a->qs, a->qh, 0, lo, hi);
}
#define CK_Q5_1_MIN(p) ((p)->m)
CK_GENERIC_DOT_Q8_0(ck_vec_dot_q5_0_q8_0_generic, block_q5_0, ck_decode_q5_0_generic, 1, CK_F16_SCALE, ck_h2f_x4, 0, CK_NO_MIN)
CK_GENERIC_DOT_Q8_0(ck_vec_dot_q5_1_q8_0_generic, block_q5_1, ck_decode_q5_1_generic, 1, CK_F16_SCALE, ck_h2f_x4, 1, CK_Q5_1_MIN)
#else /* plain loops (see ck_generic.h) */
/* The 32 five-bit values of a block, in element order. */
CK_INLINE void ck_q5_values(const uint8_t qs[16], uint32_t qh, uint8_t q[32]) {
    for (int i = 0; i < 16; i++) {
        q[i] = (uint8_t)((qs[i] & 0xF) | (((qh >> i) & 1u) << 4));
        q[i + 16] = (uint8_t)((qs[i] >> 4) | (((qh >> (i + 16)) & 1u) << 4));
    }
}

CK_INLINE float ck_dot_q5_0_block(const block_q5_0 *a, const block_q8_0 *b) {
    uint8_t q[CK_QK];
    ck_q5_values(a->qs, ck_load_qh(a->qh), q);
    int32_t isum = 0;
    for (int i = 0; i < CK_QK; i++) isum += ((int32_t)q[i] - 16) * b->qs[i];
    return (ck_h2f(a->d) * ck_h2f(b->d)) * (float)isum;
}
CK_GENERIC_DOT(ck_vec_dot_q5_0_q8_0_generic, block_q5_0, CK_QK, block_q8_0, ck_dot_q5_0_block)

CK_INLINE float ck_dot_q5_1_block(const block_q5_1 *a, const block_q8_0 *b) {
    uint8_t q[CK_QK];
    ck_q5_values(a->qs, ck_load_qh(a->qh), q);
    int32_t isum = 0, xsum = 0;
    for (int i = 0; i < CK_QK; i++) {
        isum += (int32_t)q[i] * b->qs[i];
        xsum += b->qs[i];
    }
    const float dx = ck_h2f(b->d);
    return (ck_h2f(a->d) * dx) * (float)isum + (ck_h2f(a->m) * dx) * (float)xsum;
}
CK_GENERIC_DOT(ck_vec_dot_q5_1_q8_0_generic, block_q5_1, CK_QK, block_q8_0, ck_dot_q5_1_block)
#endif

#if defined(CK_X86)

/* ---- AVX2 (Q5_1; Q5_0's is in q8_0a.c) ------------------------------------------------------- */

CK_INLINE_AVX2 __m256i ck_decode_q5_1_avx2(const block_q5_1 *p) { return ck_q5_values_avx2(p->qs, p->qh); }
CK_AVX2_MIN_DOT(ck_vec_dot_q5_1_q8_0_avx2, block_q5_1, ck_decode_q5_1_avx2)

/* ---- AVX-512 VNNI: two blocks per zmm -------------------------------------------------------- */

/* The 5-bit values of a block pair as unsigned bytes: nibbles, plus 16 where the pair's 64 qh
 * bits (used directly as a byte mask) are set; the activations' negc subtracts 16 * sum qx. */
CK_INLINE_AVX512 __m512i ck_decode_q5_0_pair(const block_q5_0 *p, int two) {
    const uint64_t hbits = (uint64_t)ck_load_qh(p->qh) | (two ? (uint64_t)ck_load_qh(p[1].qh) << 32 : 0);
    const __m512i q = ck_load_nibble_pair(p->qs, sizeof(block_q5_0), two);
    __m512i sixteen = _mm512_set1_epi8(16);
    __asm__("" : "+v"(sixteen)); /* opaque: keeps one masked vpaddb instead of vpor + blend */
    return _mm512_mask_add_epi8(q, (__mmask64)hbits, q, sixteen);
}
CK_X16_DOT(ck_vec_dot_q5_0_q8_0_avx512, block_q5_0, ck_decode_q5_0_pair)
CK_X16_GEMM(ck_matmul_q5_0_x16_avx512, block_q5_0, ck_decode_q5_0_pair)

/* Q5_1: the same 5-bit values (0...31), against plain block_q8_0. */
CK_INLINE_AVX512 __m512i ck_decode_q5_1_pair(const block_q5_1 *p, int two) {
    const uint64_t hbits = (uint64_t)ck_load_qh(p->qh) | (two ? (uint64_t)ck_load_qh(p[1].qh) << 32 : 0);
    const __m512i q = ck_load_nibble_pair(p->qs, sizeof(block_q5_1), two);
    return _mm512_mask_add_epi8(q, (__mmask64)hbits, q, _mm512_set1_epi8(16));
}
CK_X2_MIN_DOT(ck_vec_dot_q5_1_q8_0_avx512, block_q5_1, ck_decode_q5_1_pair)

#endif /* CK_X86 */
