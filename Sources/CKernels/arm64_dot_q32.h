/*
 * arm64_dot_q32.h - the arm64 dot products of the 32-element types (Q4_0, Q4_1, Q5_0, Q5_1,
 * Q8_0, MXFP4) against block_q8_0 activations. Written once, compiled once per level: the including
 * file (arm64_neon.c, arm64_dotprod.c) defines CK_ARM_NAME, CK_ARM_ATTR, ck_arm_sdot and
 * ck_arm_bsum32 (see ck_arm64.h).
 *
 * A weight block decodes to two int8x16 registers, lo = elements 0-15 and hi = 16-31 (the order
 * of block_q8_0's qs), and each activation row meets them with two sdots into four int32 lanes.
 * Every lane holds an exact partial sum; lanes are converted to float and accumulated by one
 * fma with the block's scale product, four float lanes per row, added up at the end.
 *
 * Decoding (values as the sdot sees them, and the fixed-point shift that undoes any scaling):
 *   Q8_0  the bytes as they are.
 *   Q4_0  t = qs ^ 0x88 turns every nibble q into the 4-bit two's complement of q - 8, so
 *         t << 4 (low nibbles) and t & 0xF0 (high nibbles) are 16 (q - 8) as int8: three
 *         instructions for 32 values; the 16 is taken back exactly by converting the int32
 *         lanes as fixed point with 4 fraction bits (scvtf #4).
 *   Q5_0  the nibbles (and, ushr) plus the fifth bit: qh's four bytes are spread to one byte
 *         per element (tbl), tested against that element's bit (cmtst: all ones if set), and
 *         q - 16 = nibble | (0xF0 where the bit is clear).
 *   MXFP4 the doubled E2M1 values (-12...12) by one tbl of the nibbles (and, ushr) into
 *         ck_kvalues_mxfp4; the block scale is the E8M0 exponent's half (ck_e8m0_half).
 *   Q4_1, Q5_1  the unsigned values (0...15 / 0...31); the minimum m adds m dx * sum(qx),
 *         sum(qx) by two more sdots against a vector of ones (neon: three widening pairwise
 *         adds); a pairwise add puts both sums in
 *         one register, [d dx, d dx, m dx, m dx] scales it with one fma.
 * Multi-row: each weight block is decoded once for up to CK_MAX_NX activation rows; every row
 * does the same operations in the same order as the single-row entry (bit-identical results).
 */

#ifndef CK_ARM64_LEVEL_HELPERS
#define CK_ARM64_LEVEL_HELPERS
#define CK_ARM_INLINE static inline __attribute__((always_inline)) CK_ARM_ATTR
/* name_nx of a variant's name, and the entry macros with their arguments expanded first. */
#define CK_ARM_CAT_(a, b) a##b
#define CK_ARM_CAT(a, b) CK_ARM_CAT_(a, b)
#define CK_ARM_NX(stem) CK_ARM_CAT(CK_ARM_NAME(stem), _nx)
#define CK_ARM_ENTRIES_8(name, attr) CK_NX_ENTRIES_8(name, attr)
#define CK_ARM_ENTRIES(name, attr) CK_NX_ENTRIES(name, attr)
#endif

/* [d, d, m, m] of a Q4_1/Q5_1 block (its first four bytes, two halves): ld1r, zip1, fcvtl. */
CK_ARM_INLINE float32x4_t ck_arm_q32_ddmm(const void *block) {
    const uint16x4_t dm = vreinterpret_u16_u32(vld1_dup_u32((const uint32_t *)block));
    return vcvt_f32_f16(vreinterpret_f16_u16(vzip1_u16(dm, dm)));
}

/* The exact int32 lanes of a decoded block against activations qx. */
CK_ARM_INLINE int32x4_t ck_arm_q32_isum(int8x16_t lo, int8x16_t hi, const int8_t *qx) {
    return ck_arm_sdot(ck_arm_sdot(vdupq_n_s32(0), lo, vld1q_s8(qx)), hi, vld1q_s8(qx + 16));
}

/* The same as floats (Q4_0's factor 16 taken back by the fixed-point conversion). */
CK_ARM_INLINE float32x4_t ck_arm_q32_lanes(int type, int8x16_t lo, int8x16_t hi, const int8_t *qx) {
    const int32x4_t s = ck_arm_q32_isum(lo, hi, qx);
    return type == CK_TYPE_Q4_0 ? vcvtq_n_f32_s32(s, 4) : vcvtq_f32_s32(s);
}

/* sum(qx) of an activation block in four int32 lanes (the minimum's term; ck_arm_bsum32 is the
 * level's: two sdots against ones, or pairwise widening adds). */
CK_ARM_INLINE int32x4_t ck_arm_q32_isum_x(const int8_t *qx) { return ck_arm_bsum32(vld1q_s8(qx), vld1q_s8(qx + 16)); }

/* The block loop: weight row w (blocks of `bytes`), nx rows of block_q8_0 activations, x_stride
 * bytes apart. Inlined with constant type and nx. */
CK_ARM_INLINE void ck_arm_dot_q32_nx(int type, size_t bytes, int64_t n, const void *w, const void *x, size_t xs,
                                     int nx, float *out) {
    const int with_min = type == CK_TYPE_Q4_1 || type == CK_TYPE_Q5_1;
    float32x4_t acc[CK_MAX_NX];
    for (int j = 0; j < nx; j++) acc[j] = vdupq_n_f32(0.0f);
    const char *wb = (const char *)w;
    for (int64_t k = 0; k < n / CK_QK; k++, wb += bytes) {
        int8x16_t lo, hi;
        ck_arm_decode_q32(type, wb, &lo, &hi);
        if (with_min) {
            /* Lanes [sum q qx (two halves), sum qx (two halves)] (addp of the two sdot results)
             * times [d dx, d dx, m dx, m dx]: one conversion and one fma per row and block. */
            const float32x4_t ddmm = ck_arm_q32_ddmm(wb);
            for (int j = 0; j < nx; j++) {
                const block_q8_0 *b = (const block_q8_0 *)((const char *)x + (size_t)j * xs) + k;
                const int32x4_t both = vpaddq_s32(ck_arm_q32_isum(lo, hi, b->qs), ck_arm_q32_isum_x(b->qs));
                acc[j] = vfmaq_f32(acc[j], vcvtq_f32_s32(both), vmulq_n_f32(ddmm, ck_arm_h2f(b->d)));
            }
            continue;
        }
        const float dw = ck_arm_q32_d(type, wb);
        for (int j = 0; j < nx; j++) {
            const block_q8_0 *b = (const block_q8_0 *)((const char *)x + (size_t)j * xs) + k;
            const float dx = ck_arm_h2f(b->d);
            acc[j] = vfmaq_n_f32(acc[j], ck_arm_q32_lanes(type, lo, hi, b->qs), dw * dx);
        }
    }
    for (int j = 0; j < nx; j++) out[j] = vaddvq_f32(acc[j]);
}

/* The single-row and multi-row entries of one type (CK_NX_ENTRIES_8 of ck_internal.h). */
#define CK_ARM_Q32_NX(stem, type, block_t)                                                       \
    CK_ARM_INLINE void CK_ARM_NX(stem)(int64_t n, const void *w, const void *x, size_t xs,       \
                                       int nx, float *out) {                                    \
        ck_arm_dot_q32_nx(type, sizeof(block_t), n, w, x, xs, nx, out);                          \
    }                                                                                            \
    CK_ARM_ENTRIES_8(CK_ARM_NAME(stem), CK_ARM_ATTR)

CK_ARM_Q32_NX(ck_vec_dot_q8_0_q8_0, CK_TYPE_Q8_0, block_q8_0)
CK_ARM_Q32_NX(ck_vec_dot_q4_0_q8_0, CK_TYPE_Q4_0, block_q4_0)
CK_ARM_Q32_NX(ck_vec_dot_q4_1_q8_0, CK_TYPE_Q4_1, block_q4_1)
CK_ARM_Q32_NX(ck_vec_dot_q5_0_q8_0, CK_TYPE_Q5_0, block_q5_0)
CK_ARM_Q32_NX(ck_vec_dot_q5_1_q8_0, CK_TYPE_Q5_1, block_q5_1)
CK_ARM_Q32_NX(ck_vec_dot_mxfp4_q8_0, CK_TYPE_MXFP4, block_mxfp4)
