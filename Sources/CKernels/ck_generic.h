/*
 * ck_generic.h - the portable vectors of the generic level: GCC/clang vector extensions
 * (vector_size(16)), which every target of both compilers lowers to what it has (SSE2 on
 * baseline x86-64, NEON, AltiVec/VSX, RVV, or scalar code), with no -march flag and no
 * intrinsics. Plain loops over int8 products vectorize poorly at -O2 (clang unrolls them first,
 * then pairs bytes in 32-bit lanes; neither compiler forms a widening multiply-add), so the
 * generic dot products spell the lanes out:
 * - ck_dot_i8x16: sixteen int8 products summed into four int32 lanes. Even and odd bytes of
 *   each 16-bit lane are sign-extended in place, multiplied in int16 and added pairwise (exact:
 *   |a| <= 128 and |b| <= 127 keep a pair of products within 2 * 128 * 127 = 32512), then each
 *   32-bit lane adds its two halves. About fourteen instructions with SSE2 (pmaddwd would need
 *   SSE2 intrinsics). Both operands are split alike, so byte order does not matter.
 * - ck_h2f_x4: four binary16 values to f32, ck_h2f's operations lane by lane (the same bits).
 * On a target without 128-bit SIMD the compilers split every vector operation into its lanes
 * through memory, several times the instructions of a plain loop: there (CK_GENERIC_SIMD 0) the
 * generic level keeps its plain per-element loops.
 * Included by ck_internal.h; included on every target, used by the generic level only.
 */
#ifndef CK_GENERIC_H
#define CK_GENERIC_H

#ifndef CK_GENERIC_SIMD /* -DCK_GENERIC_SIMD=0 builds the plain loops anywhere (to test them) */
#if defined(__SSE2__) || defined(__ARM_NEON) || defined(__ALTIVEC__) || defined(__VSX__) || defined(__VEC__) ||   \
    defined(__riscv_v) || defined(__wasm_simd128__) || defined(__loongarch_sx) || defined(__mips_msa)
#define CK_GENERIC_SIMD 1
#else
#define CK_GENERIC_SIMD 0
#endif
#endif

typedef int8_t ck_i8x16 __attribute__((vector_size(16)));
typedef uint8_t ck_u8x16 __attribute__((vector_size(16)));
typedef int16_t ck_i16x8 __attribute__((vector_size(16)));
typedef uint16_t ck_u16x8 __attribute__((vector_size(16)));
typedef int32_t ck_i32x4 __attribute__((vector_size(16)));
typedef uint32_t ck_u32x4 __attribute__((vector_size(16)));
typedef float ck_f32x4 __attribute__((vector_size(16)));

CK_INLINE ck_u8x16 ck_load_u8x16(const void *p) {
    ck_u8x16 v;
    memcpy(&v, p, 16);
    return v;
}
CK_INLINE ck_i8x16 ck_load_i8x16(const void *p) {
    ck_i8x16 v;
    memcpy(&v, p, 16);
    return v;
}

/* The even and odd bytes of v's 16-bit lanes, sign-extended to int16. */
CK_INLINE ck_i16x8 ck_even_i8(ck_i8x16 v) { return (ck_i16x8)((ck_u16x8)v << 8) >> 8; }
CK_INLINE ck_i16x8 ck_odd_i8(ck_i8x16 v) { return (ck_i16x8)v >> 8; }

/* The two int16 halves of each 32-bit lane, added in int32. */
CK_INLINE ck_i32x4 ck_widen_pairs(ck_i16x8 p) {
    const ck_i32x4 p32 = (ck_i32x4)p;
    return ((ck_i32x4)((ck_u32x4)p32 << 16) >> 16) + (p32 >> 16);
}

/* a[i] b[i] summed in pairs (eight int16 lanes): exact for |a| <= 128, |b| <= 127. */
CK_INLINE ck_i16x8 ck_dot_i8x16_pairs(ck_i8x16 a, ck_i8x16 b) {
    return ck_even_i8(a) * ck_even_i8(b) + ck_odd_i8(a) * ck_odd_i8(b);
}

/* sum a[i] b[i] over 16 lanes, spread over four int32 lanes; |a| <= 128, |b| <= 127. */
CK_INLINE ck_i32x4 ck_dot_i8x16(ck_i8x16 a, ck_i8x16 b) { return ck_widen_pairs(ck_dot_i8x16_pairs(a, b)); }

/* The same over 32 lanes (a0 with b0, a1 with b1) for small weights, |a| <= 64: the int16 pair
 * sums of both halves add without overflow (4 * 64 * 127 < 2^15), one widening for the two. */
CK_INLINE ck_i32x4 ck_dot_i8x32_small(ck_i8x16 a0, ck_i8x16 a1, ck_i8x16 b0, ck_i8x16 b1) {
    return ck_widen_pairs(ck_dot_i8x16_pairs(a0, b0) + ck_dot_i8x16_pairs(a1, b1));
}

/* sum b[i] over 16 lanes, spread over four int32 lanes (shares its halves with ck_dot_i8x16). */
CK_INLINE ck_i32x4 ck_sum_i8x16(ck_i8x16 b) { return ck_widen_pairs(ck_even_i8(b) + ck_odd_i8(b)); }

/* sum a[i] b[i] sc over 16 lanes, spread over four int32 lanes: for a sub-block scale sc, when
 * 2 |a| |b| |sc| <= 32767 (Q2_K: 2 * 3 * 127 * 15; Q3_K: 2 * 4 * 127 * 32), so that the scale
 * multiplies the int16 pair sums and one int32 accumulator takes every sub-block. */
CK_INLINE ck_i32x4 ck_dot_i8x16_scaled(ck_i8x16 a, ck_i8x16 b, int16_t sc) {
    return ck_widen_pairs((ck_even_i8(a) * ck_even_i8(b) + ck_odd_i8(a) * ck_odd_i8(b)) * sc);
}

CK_INLINE int32_t ck_hsum_i32x4(ck_i32x4 v) { return (v[0] + v[1]) + (v[2] + v[3]); }

/* ck_h2f of four halves (in the low 16 bits of each lane): the same bits. */
CK_INLINE ck_f32x4 ck_h2f_x4(ck_i32x4 h) {
    const ck_i32x4 sign = (ck_i32x4)((ck_u32x4)(h & 0x8000) << 16);
    const ck_i32x4 em = h & 0x7FFF;
    const ck_i32x4 normal = (em << 13) + (112 << 23);
    const ck_i32x4 special = normal + (112 << 23);
    const ck_i32x4 subnormal = (ck_i32x4)(__builtin_convertvector(em, ck_f32x4) * 0x1p-24f);
    /* -1 where em >= 0x7C00 (0x0400), else 0: the sign of a difference (no vector comparisons: AltiVec
     * gives those a type of its own) */
    const ck_i32x4 is_special = (0x7BFF - em) >> 31, is_normal = (0x03FF - em) >> 31;
    const ck_i32x4 finite = (is_normal & normal) | (~is_normal & subnormal);
    return (ck_f32x4)((is_special & special) | (~is_special & finite) | sign);
}

/* ck_e8m0_half of four exponents: 2^(e - 128) as bits, (e + 1) << 21 for the subnormals e < 2. */
CK_INLINE ck_f32x4 ck_e8m0_half_x4(ck_i32x4 e) {
    const ck_i32x4 small = (e - 2) >> 31; /* -1 where e < 2 */
    return (ck_f32x4)((small & ((e + 1) << 21)) | (~small & ((e - 1) << 23)));
}

/* The two nibbles of 16 bytes: elements 0-15 (low) and 16-31 (high), 0...15. */
CK_INLINE void ck_nibbles_u8x16(const uint8_t *qs, ck_i8x16 *lo, ck_i8x16 *hi) {
    const ck_u8x16 v = ck_load_u8x16(qs);
    *lo = (ck_i8x16)(v & 0xF);
    *hi = (ck_i8x16)(v >> 4);
}

#endif /* CK_GENERIC_H */
