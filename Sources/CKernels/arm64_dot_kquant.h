/*
 * arm64_dot_kquant.h - the arm64 dot products of Q4_K, Q5_K and Q6_K against block_q8_K32
 * activations (a float scale per 32 elements, sums of 16 in bsums). Written once, compiled once
 * per level like arm64_dot_q32.h (whose helpers it uses; include that first).
 *
 * A super-block of 256 is taken in two halves of 128: the weights of a half are decoded to
 * eight int8x16 registers (element order), every activation row meets them with eight sdots,
 * and the int32 lanes are folded by pairwise adds into one lane per sub-block. Then, four
 * groups of 32 at a time (int32x4, group g of the half in lane g):
 *   Q4_K, Q5_K  t = d * float(sc_g * sum q qx) - dmin * float(m_g * sum qx)   (sum qx = bsums)
 *   Q6_K        t = d * float(sum_s sc_s * sum q qx - 32 sum_s sc_s * bsum_s) (s: the two
 *               sub-blocks of 16 of group g; q unsigned 0...63, the 32 taken back by bsums)
 *   acc += t * dx_g   (one fma, four groups per register)
 * The integer products are exact; each lane rounds once to float.
 *
 * Decoding a half: Q4_K chunk c (qs[32c...32c+31]) holds group 2c in its low nibbles (and) and
 * 2c+1 in its high nibbles (ushr). Q5_K adds bit 2c (2c+1) of qh[l] as 16: ushl moves it to bit
 * 4, and keeps it, orr adds it. Q6_K: element l of the four 32-runs of a half is
 *   run 0: ql[l] & 15      | (qh[l] & 3) << 4        run 2: ql[l] >> 4      | (qh[l] >> 4 & 3) << 4
 *   run 1: ql[l + 32] & 15 | (qh[l] >> 2 & 3) << 4   run 3: ql[l + 32] >> 4 | (qh[l] >> 6) << 4
 * each one bit-select (bit) of qh shifted into bits 4-5 over the nibble.
 */

/* The eight int32x4 sub-sums of a half (a[i]: four lanes of run i's 16 elements) folded into
 * one lane per pair: lane g = sub-sums 2g and 2g + 1. */
CK_ARM_INLINE int32x4_t ck_arm_fold8(const int32x4_t a[8]) {
    const int32x4_t p0 = vpaddq_s32(a[0], a[1]), p1 = vpaddq_s32(a[2], a[3]);
    const int32x4_t p2 = vpaddq_s32(a[4], a[5]), p3 = vpaddq_s32(a[6], a[7]);
    return vpaddq_s32(vpaddq_s32(p0, p1), vpaddq_s32(p2, p3));
}

/* The eight sdots of a decoded half against 128 activations: s[i] = lanes of 16 elements. */
CK_ARM_INLINE void ck_arm_half_sdots(const int8x16_t q[8], const int8_t *qx, int32x4_t s[8]) {
    for (int i = 0; i < 8; i++) s[i] = ck_arm_sdot(vdupq_n_s32(0), q[i], vld1q_s8(qx + 16 * i));
}

/* ---- Q4_K and Q5_K ------------------------------------------------------------------------ */

/* Half h of a Q4_K/Q5_K super-block as eight int8x16 in element order (two 32-groups per chunk). */
CK_ARM_INLINE void ck_arm_decode_q45_K_half(int five, const uint8_t *qs, const uint8_t *qh, int h, int8x16_t q[8]) {
    const uint8x16_t low4 = vdupq_n_u8(0x0F), bit4 = vdupq_n_u8(0x10);
    const uint8x16_t h0 = five ? vld1q_u8(qh) : vdupq_n_u8(0), h1 = five ? vld1q_u8(qh + 16) : vdupq_n_u8(0);
    for (int c = 0; c < 2; c++) {
        const uint8x16_t a = vld1q_u8(qs + 64 * h + 32 * c), b = vld1q_u8(qs + 64 * h + 32 * c + 16);
        uint8x16_t v[4] = {vandq_u8(a, low4), vandq_u8(b, low4), vshrq_n_u8(a, 4), vshrq_n_u8(b, 4)};
        if (five) {
            const int lo_bit = 2 * (2 * h + c); /* qh bit of the low-nibble group; +1 for high */
            const int8x16_t to_lo = vdupq_n_s8((int8_t)(4 - lo_bit)), to_hi = vdupq_n_s8((int8_t)(3 - lo_bit));
            v[0] = vorrq_u8(v[0], vandq_u8(vshlq_u8(h0, to_lo), bit4));
            v[1] = vorrq_u8(v[1], vandq_u8(vshlq_u8(h1, to_lo), bit4));
            v[2] = vorrq_u8(v[2], vandq_u8(vshlq_u8(h0, to_hi), bit4));
            v[3] = vorrq_u8(v[3], vandq_u8(vshlq_u8(h1, to_hi), bit4));
        }
        for (int i = 0; i < 4; i++) q[4 * c + i] = vreinterpretq_s8_u8(v[i]);
    }
}

CK_ARM_INLINE void ck_arm_dot_q45_K_nx(int five, int64_t n, const void *w, const void *x, size_t xs, int nx,
                                       float *out) {
    float32x4_t acc[4];
    for (int j = 0; j < nx; j++) acc[j] = vdupq_n_f32(0.0f);
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const block_q4_K *a = ck_k4_at(w, k, five); /* Q5_K's head is Q4_K's */
        const uint8_t *scales = a->scales, *qs = ck_k4_qs(a, five), *qh = five ? ck_k4_qh(a) : NULL;
        const float d = ck_arm_h2f(a->d), dmin = ck_arm_h2f(a->dmin);
        uint64_t sc64, m64;
        ck_unpack_scales_k4_u64(scales, &sc64, &m64);
        const uint16x8_t sc16 = vmovl_u8(vcreate_u8(sc64)), m16 = vmovl_u8(vcreate_u8(m64));
        const int32x4_t sc[2] = {vreinterpretq_s32_u32(vmovl_u16(vget_low_u16(sc16))),
                                 vreinterpretq_s32_u32(vmovl_high_u16(sc16))};
        const int32x4_t m[2] = {vreinterpretq_s32_u32(vmovl_u16(vget_low_u16(m16))),
                                vreinterpretq_s32_u32(vmovl_high_u16(m16))};
        for (int h = 0; h < 2; h++) {
            int8x16_t q[8];
            ck_arm_decode_q45_K_half(five, qs, qh, h, q);
            for (int j = 0; j < nx; j++) {
                const block_q8_K32 *b = (const block_q8_K32 *)((const char *)x + (size_t)j * xs) + k;
                int32x4_t s[8];
                ck_arm_half_sdots(q, b->qs + 128 * h, s);
                const int32x4_t dots = vmulq_s32(ck_arm_fold8(s), sc[h]);
                const int32x4_t xsum = vpaddlq_s16(vld1q_s16(b->bsums + 8 * h)); /* sum qx per group */
                float32x4_t t = vmulq_n_f32(vcvtq_f32_s32(dots), d);
                t = vfmsq_n_f32(t, vcvtq_f32_s32(vmulq_s32(xsum, m[h])), dmin);
                acc[j] = vfmaq_f32(acc[j], t, vld1q_f32(b->d + 4 * h));
            }
        }
    }
    for (int j = 0; j < nx; j++) out[j] = vaddvq_f32(acc[j]);
}

/* The single-row and multi-row entries of a type whose kernel is shared with another's: body(flag,
 * ...) with flag 0 or 1 (CK_NX_ENTRIES of ck_internal.h). */
#define CK_ARM_KQ_NX(stem, body, flag)                                                           \
    CK_ARM_INLINE void CK_ARM_NX(stem)(int64_t n, const void *w, const void *x, size_t xs,       \
                                       int nx, float *out) {                                    \
        body(flag, n, w, x, xs, nx, out);                                                        \
    }                                                                                            \
    CK_ARM_ENTRIES(CK_ARM_NAME(stem), CK_ARM_ATTR)

CK_ARM_KQ_NX(ck_vec_dot_q4_K_q8_K32, ck_arm_dot_q45_K_nx, 0)
CK_ARM_KQ_NX(ck_vec_dot_q5_K_q8_K32, ck_arm_dot_q45_K_nx, 1)

/* ---- Q6_K --------------------------------------------------------------------------------- */

/* Half h of a Q6_K super-block as eight int8x16 of unsigned 6-bit values, element order. */
CK_ARM_INLINE void ck_arm_decode_q6_K_half(const block_q6_K *a, int h, int8x16_t q[8]) {
    const uint8x16_t low4 = vdupq_n_u8(0x0F), bits45 = vdupq_n_u8(0x30);
    const uint8_t *ql = a->ql + 64 * h, *qh = a->qh + 32 * h;
    for (int i = 0; i < 2; i++) { /* elements 16i...16i+15 of each 32-run */
        const uint8x16_t l0 = vld1q_u8(ql + 16 * i), l1 = vld1q_u8(ql + 32 + 16 * i);
        const uint8x16_t hb = vld1q_u8(qh + 16 * i);
        q[i] = vreinterpretq_s8_u8(vbslq_u8(bits45, vshlq_n_u8(hb, 4), vandq_u8(l0, low4)));
        q[2 + i] = vreinterpretq_s8_u8(vbslq_u8(bits45, vshlq_n_u8(hb, 2), vandq_u8(l1, low4)));
        q[4 + i] = vreinterpretq_s8_u8(vbslq_u8(bits45, hb, vshrq_n_u8(l0, 4)));
        q[6 + i] = vreinterpretq_s8_u8(vbslq_u8(bits45, vshrq_n_u8(hb, 2), vshrq_n_u8(l1, 4)));
    }
}

CK_ARM_INLINE void CK_ARM_NX(ck_vec_dot_q6_K_q8_K32)(int64_t n, const void *w, const void *x, size_t xs, int nx,
                                                    float *out) {
    float32x4_t acc[4];
    for (int j = 0; j < nx; j++) acc[j] = vdupq_n_f32(0.0f);
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const block_q6_K *a = (const block_q6_K *)w + k;
        const float d = ck_arm_h2f(a->d);
        const int8x16_t sc8 = vld1q_s8(a->scales);
        const int16x8_t sc16[2] = {vmovl_s8(vget_low_s8(sc8)), vmovl_high_s8(sc8)};
        for (int h = 0; h < 2; h++) {
            int8x16_t q[8];
            ck_arm_decode_q6_K_half(a, h, q);
            const int32x4_t sc_lo = vmovl_s16(vget_low_s16(sc16[h])), sc_hi = vmovl_high_s16(sc16[h]);
            for (int j = 0; j < nx; j++) {
                const block_q8_K32 *b = (const block_q8_K32 *)((const char *)x + (size_t)j * xs) + k;
                int32x4_t s[8];
                ck_arm_half_sdots(q, b->qs + 128 * h, s);
                /* per sub-block of 16: lanes 4 sub-blocks at a time, times their scales */
                const int32x4_t sub0 = vpaddq_s32(vpaddq_s32(s[0], s[1]), vpaddq_s32(s[2], s[3]));
                const int32x4_t sub1 = vpaddq_s32(vpaddq_s32(s[4], s[5]), vpaddq_s32(s[6], s[7]));
                int32x4_t dots = vpaddq_s32(vmulq_s32(sub0, sc_lo), vmulq_s32(sub1, sc_hi));
                /* minus 32 * sum_s sc_s bsum_s, per group */
                const int16x8_t bs = vld1q_s16(b->bsums + 8 * h);
                const int32x4_t offs = vpaddq_s32(vmull_s16(vget_low_s16(bs), vget_low_s16(sc16[h])),
                                                  vmull_high_s16(bs, sc16[h]));
                dots = vsubq_s32(dots, vshlq_n_s32(offs, 5));
                acc[j] = vfmaq_f32(acc[j], vmulq_n_f32(vcvtq_f32_s32(dots), d), vld1q_f32(b->d + 4 * h));
            }
        }
    }
    for (int j = 0; j < nx; j++) out[j] = vaddvq_f32(acc[j]);
}
CK_ARM_ENTRIES(CK_ARM_NAME(ck_vec_dot_q6_K_q8_K32), CK_ARM_ATTR)

/* ---- Q2_K and Q3_K (block_q8_K: one scale per 256, bsums) ----------------------------------
 * Half n of 128 elements: element 32j + l (j = 0...3, l = 0...31) is bits 2j, 2j + 1 of
 * qs[32n + l]; sub-block s = 8n + 2j + l / 16 (16 elements, one scale each). Q3_K adds bit
 * 4n + j of hmask[l] as 4 (ushr, sli into bits 2-7, and 7: u = 0...7, the value u - 4, the 4
 * taken back by bsums). Per half and row: eight sdots, folded to one lane per sub-block, times
 * the sub-blocks' scales into an int32x4 (exact); per super-block and row, the mins (Q2_K) or
 * the offset 4 (Q3_K) from bsums, and one or two fmas. */

/* Half n of a Q2_K or Q3_K super-block as eight int8x16 in element order. */
CK_ARM_INLINE void ck_arm_decode_q23_K_half(int three, const uint8_t *qs, const uint8_t *hmask, int n, int8x16_t q[8]) {
    const uint8x16_t three_bits = vdupq_n_u8(3), seven = vdupq_n_u8(7);
    for (int i = 0; i < 2; i++) {
        const uint8x16_t b = vld1q_u8(qs + 32 * n + 16 * i);
        const uint8x16_t hm = three ? vld1q_u8(hmask + 16 * i) : vdupq_n_u8(0);
        for (int j = 0; j < 4; j++) {
            const uint8x16_t shifted = vshlq_u8(b, vdupq_n_s8((int8_t)(-2 * j)));
            uint8x16_t v;
            if (three)
                v = vandq_u8(vsliq_n_u8(shifted, vshlq_u8(hm, vdupq_n_s8((int8_t)(-(4 * n + j)))), 2), seven);
            else
                v = j == 3 ? shifted : vandq_u8(shifted, three_bits);
            q[2 * j + i] = vreinterpretq_s8_u8(v);
        }
    }
}

CK_ARM_INLINE void ck_arm_dot_q23_K_nx(int three, int64_t n, const void *w, const void *x, size_t xs, int nx,
                                       float *out) {
    float32x4_t acc[4];
    for (int j = 0; j < nx; j++) acc[j] = vdupq_n_f32(0.0f);
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const uint8_t *qs, *hmask = NULL;
        float d, dmin = 0.0f;
        int16x8_t sc16[2], m16[2] = {vdupq_n_s16(0), vdupq_n_s16(0)};
        if (three) {
            const block_q3_K *a = (const block_q3_K *)w + k;
            qs = a->qs, hmask = a->hmask, d = ck_arm_h2f(a->d);
            uint64_t lo, hi;
            ck_unpack_scales_q3_K_u64(a->scales, &lo, &hi);
            const int8x16_t sc = vsubq_s8(vreinterpretq_s8_u64(vcombine_u64(vcreate_u64(lo), vcreate_u64(hi))),
                                          vdupq_n_s8(32));
            sc16[0] = vmovl_s8(vget_low_s8(sc)), sc16[1] = vmovl_high_s8(sc);
        } else {
            const block_q2_K *a = (const block_q2_K *)w + k;
            qs = a->qs, d = ck_arm_h2f(a->d), dmin = ck_arm_h2f(a->dmin);
            const uint8x16_t s = vld1q_u8(a->scales);
            const uint8x16_t sc = vandq_u8(s, vdupq_n_u8(0x0F)), m = vshrq_n_u8(s, 4);
            sc16[0] = vreinterpretq_s16_u16(vmovl_u8(vget_low_u8(sc)));
            sc16[1] = vreinterpretq_s16_u16(vmovl_high_u8(sc));
            m16[0] = vreinterpretq_s16_u16(vmovl_u8(vget_low_u8(m)));
            m16[1] = vreinterpretq_s16_u16(vmovl_high_u8(m));
        }
        int32x4_t isum[4];
        for (int j = 0; j < nx; j++) isum[j] = vdupq_n_s32(0);
        for (int h = 0; h < 2; h++) {
            int8x16_t q[8];
            ck_arm_decode_q23_K_half(three, qs, hmask, h, q);
            const int32x4_t sc_lo = vmovl_s16(vget_low_s16(sc16[h])), sc_hi = vmovl_high_s16(sc16[h]);
            for (int j = 0; j < nx; j++) {
                const block_q8_K *b = (const block_q8_K *)((const char *)x + (size_t)j * xs) + k;
                int32x4_t s[8];
                ck_arm_half_sdots(q, b->qs + 128 * h, s);
                const int32x4_t sub0 = vpaddq_s32(vpaddq_s32(s[0], s[1]), vpaddq_s32(s[2], s[3]));
                const int32x4_t sub1 = vpaddq_s32(vpaddq_s32(s[4], s[5]), vpaddq_s32(s[6], s[7]));
                isum[j] = vmlaq_s32(vmlaq_s32(isum[j], sub0, sc_lo), sub1, sc_hi);
            }
        }
        for (int j = 0; j < nx; j++) {
            const block_q8_K *b = (const block_q8_K *)((const char *)x + (size_t)j * xs) + k;
            const int16x8_t bs0 = vld1q_s16(b->bsums), bs1 = vld1q_s16(b->bsums + 8);
            /* Q2_K: the mins' sum m_s bsum_s; Q3_K: the offset's sum sc_s bsum_s */
            const int16x8_t *f = three ? sc16 : m16;
            int32x4_t t = vmull_s16(vget_low_s16(bs0), vget_low_s16(f[0]));
            t = vmlal_high_s16(t, bs0, f[0]);
            t = vmlal_s16(t, vget_low_s16(bs1), vget_low_s16(f[1]));
            t = vmlal_high_s16(t, bs1, f[1]);
            if (three) {
                acc[j] = vfmaq_n_f32(acc[j], vcvtq_f32_s32(vmlsq_n_s32(isum[j], t, 4)), d * b->d);
            } else {
                acc[j] = vfmaq_n_f32(acc[j], vcvtq_f32_s32(isum[j]), d * b->d);
                acc[j] = vfmsq_n_f32(acc[j], vcvtq_f32_s32(t), dmin * b->d);
            }
        }
    }
    for (int j = 0; j < nx; j++) out[j] = vaddvq_f32(acc[j]);
}

CK_ARM_KQ_NX(ck_vec_dot_q2_K_q8_K, ck_arm_dot_q23_K_nx, 0)
CK_ARM_KQ_NX(ck_vec_dot_q3_K_q8_K, ck_arm_dot_q23_K_nx, 1)
