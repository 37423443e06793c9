/*
 * arm64_i8mm.c - the matrix-matrix products (prefill GEMMs) of the i8mm level (FEAT_I8MM:
 * Neoverse V1/N2/V2, Cortex-A510/A710/X2 and later, Apple M2 and later), chosen at run time
 * (cpu.c: HWCAP2_I8MM) through the i8mm cells of dispatch.c, from 16 activation rows on
 * (ckernels.h's CK_GEMM_MIN_NX). Every function carries the CK_I8MM target attribute; nothing
 * else in the package needs it. Empty on other CPUs.
 *
 * smmla (vmmlaq_s32) multiplies a 2x8 int8 matrix by the transpose of another 2x8 and adds the
 * 2x2 int32 product: 32 multiply-adds per instruction, four times sdot's 16... per lane 8.
 * The weights are the first operand (two weight rows r, r + 1, eight elements each), the
 * activations the second (two activation rows j, j + 1), so the int32 lanes are
 *   [ (r, j), (r, j + 1), (r + 1, j), (r + 1, j + 1) ].
 * The same activations as the dot products of the lower levels are read (block_q8_0 and
 * block_q8_K32, quantized with NEON or the reference): a block's 32 bytes of two activation
 * rows are interleaved by eight (zip1/zip2 of 64-bit lanes), with their scales in the lanes'
 * pattern, once per call into the calling thread's scratch (ck_mm_xpair, ck_mm_kxpair; llama.cpp
 * quantizes into such a layout), or per tile when the call covers one panel of weight rows.
 *
 * Weights are decoded once per 8 weight rows (four row pairs) into a panel on the stack, the
 * two rows of a pair interleaved by eight bytes, as signed int8 values whose product with the
 * activations needs no correction: Q4_0 q - 8, Q5_0 q - 16, Q8_0 q, MXFP4 the doubled E2M1
 * values, Q4_K/Q5_K the unsigned 0...15 / 0...31, Q6_K q - 32. Beside them the per-row
 * coefficients in the lanes' pattern [c_r, c_r, c_r+1, c_r+1]:
 *   32-block types  dw per block (f32; MXFP4 half of 2^(e - 127), its values being doubled);
 *   Q4_K, Q5_K      d * sc[g] and -dmin * m[g] per group g of 32;
 *   Q6_K            sc[s] (int32) per sub-block s of 16 and d.
 * A tile is the 8 panel rows against up to CK_MM_NR activation rows (two pairs): 4 x 2 2x2
 * int32 tiles per block or group, each scaled into its f32 accumulator with one fma:
 *   32-block:  acc += float(sum_8 chunks smmla) * (dw (x) dx)
 *   Q4_K/Q5_K: acc += float(smmla sum of group g) * (d sc_g (x) dx_g), then per super-block
 *              acc += (-dmin m_g) (x) (dx_g * sum_g qx) for the eight groups (the mins)
 *   Q6_K:      acc += float(sc_2g * smmla sum of sub-block 2g + sc_2g+1 * ...) * (d (x) dx_g)
 * ((x): the 2x2 outer product in the lanes' pattern). The integer sums are exact; the block
 * terms are added in another order than the dot products', so the results are within their
 * tolerance, not bit-equal (as the x86 GEMMs). Each lane's operations depend only on its row
 * pair's values: a result does not depend on nx, on its partner rows or on [row_begin, row_end)
 * (an odd last activation row is paired with itself, missing weight rows are zeros).
 * Long rows go CK_MM_KC blocks (CK_MM_KCK super-blocks) at a time, partial sums kept in Y.
 */
#include "ck_internal.h"

#include <stdlib.h>

#if defined(CK_ARM64)

#define CK_I8MM_INLINE static inline __attribute__((always_inline)) CK_I8MM

enum {
    CK_MM_KC = 32, /* 32-element blocks per panel: 8 KB of int8 weights */
    CK_MM_KCK = 4, /* super-blocks per k-quant panel: 8 KB of int8 weights */
    CK_MM_NR = 4,  /* activation rows per tile (two pairs) */
};

/* The 64-bit lanes of a and b interleaved: [a.lo, b.lo] and [a.hi, b.hi] (zip1, zip2). */
CK_I8MM_INLINE int8x16_t ck_mm_zip_lo(int8x16_t a, int8x16_t b) {
    return vreinterpretq_s8_s64(vzip1q_s64(vreinterpretq_s64_s8(a), vreinterpretq_s64_s8(b)));
}
CK_I8MM_INLINE int8x16_t ck_mm_zip_hi(int8x16_t a, int8x16_t b) {
    return vreinterpretq_s8_s64(vzip2q_s64(vreinterpretq_s64_s8(a), vreinterpretq_s64_s8(b)));
}

/* [v[0], v[1], v[0], v[1]] of a float32x4's low (lane 0) or high (lane 1) 64 bits. */
CK_I8MM_INLINE float32x4_t ck_mm_dup64(float32x4_t v, int lane) {
    const float64x2_t d = vreinterpretq_f64_f32(v);
    return vreinterpretq_f32_f64(lane ? vdupq_laneq_f64(d, 1) : vdupq_laneq_f64(d, 0));
}

/* [c0, c0, c1, c1]. */
CK_I8MM_INLINE float32x4_t ck_mm_pair(float c0, float c1) {
    const float32x2_t v = {c0, c1};
    return vzip1q_f32(vcombine_f32(v, v), vcombine_f32(v, v));
}

/* ---- tile I/O: the accumulators of up to 8 weight rows x CK_MM_NR activation rows ----------
 * acc[p][a] holds rows 2p, 2p + 1 of the panel against activation rows 2a, 2a + 1 of the tile in
 * the lanes' pattern; t is Y's tile transposed as [j][r] (12 wide: the loads of row pair 3 read
 * four floats). */
CK_I8MM_INLINE void ck_mm_acc_load(float32x4_t acc[4][2], float t[CK_MM_NR][12], const float *y, int64_t ys, int nr,
                                   int nrows, int accumulate) {
    const int np = (nr + 1) / 2;
    for (int a = 0; a < np; a++)
        for (int p = 0; p < 4; p++) acc[p][a] = vdupq_n_f32(0.0f);
    if (!accumulate) return;
    for (int j = 0; j < nr; j++) {
        memset(t[j], 0, sizeof(t[j]));
        memcpy(t[j], y + j * ys, (size_t)nrows * sizeof(float));
    }
    for (int a = 0; a < np; a++) {
        const int j0 = 2 * a, j1 = 2 * a + 1 < nr ? 2 * a + 1 : 2 * a;
        for (int p = 0; p < 4; p++) acc[p][a] = vzip1q_f32(vld1q_f32(t[j0] + 2 * p), vld1q_f32(t[j1] + 2 * p));
    }
}

CK_I8MM_INLINE void ck_mm_acc_store(float32x4_t acc[4][2], float t[CK_MM_NR][12], float *y, int64_t ys, int nr,
                                    int nrows) {
    const int np = (nr + 1) / 2;
    for (int a = 0; a < np; a++) {
        /* lanes 0 and 2 of pairs p, p + 1 are row 2a's results for panel rows 2p...2p + 3 */
        vst1q_f32(t[2 * a], vuzp1q_f32(acc[0][a], acc[1][a]));
        vst1q_f32(t[2 * a] + 4, vuzp1q_f32(acc[2][a], acc[3][a]));
        if (2 * a + 1 < nr) {
            vst1q_f32(t[2 * a + 1], vuzp2q_f32(acc[0][a], acc[1][a]));
            vst1q_f32(t[2 * a + 1] + 4, vuzp2q_f32(acc[2][a], acc[3][a]));
        }
    }
    for (int j = 0; j < nr; j++) memcpy(y + j * ys, t[j], (size_t)nrows * sizeof(float));
}

/* ---- the 32-block types (Q4_0, Q5_0, Q8_0, MXFP4) against block_q8_0 -----------------------
 * Panel: pq [KC][4 pairs][4 chunks][16] int8 (chunk c: elements 8c...8c+7 of both rows),
 *        pd [KC][4 pairs][4] f32 (dw in the lanes' pattern). */

/* One block of `type` as 32 signed int8 values (lo = elements 0-15, hi = 16-31) and its scale:
 * Q8_0, Q5_0 (q - 16) and MXFP4 as the dot products decode them (ck_arm_decode_q32); Q4_0 as
 * q - 8, where the dot products read 16 (q - 8). */
CK_I8MM_INLINE void ck_mm_decode_q32(int type, const void *block, int8x16_t *lo, int8x16_t *hi, float *d) {
    if (type == CK_TYPE_Q4_0) {
        const uint8x16_t q = vld1q_u8(((const block_q4_0 *)block)->qs);
        const int8x16_t eight = vdupq_n_s8(8);
        *lo = vsubq_s8(vreinterpretq_s8_u8(vandq_u8(q, vdupq_n_u8(0x0F))), eight);
        *hi = vsubq_s8(vreinterpretq_s8_u8(vshrq_n_u8(q, 4)), eight);
    } else {
        ck_arm_decode_q32(type, block, lo, hi);
    }
    *d = ck_arm_q32_d(type, block);
}

/* Blocks c0...c0+cb-1 of nrows (<= 8) weight rows into the panel; missing rows are zeros. */
CK_I8MM_INLINE void ck_mm_pack_q32(int type, size_t bytes, const char *w, size_t row_stride, int nrows, int64_t c0,
                                   int cb, int8_t *pq, float *pd) {
    for (int p = 0; p < 4; p++) {
        const int r0 = 2 * p, r1 = 2 * p + 1;
        for (int b = 0; b < cb; b++) {
            int8x16_t lo0 = vdupq_n_s8(0), hi0 = lo0, lo1 = lo0, hi1 = lo0;
            float d0 = 0.0f, d1 = 0.0f;
            if (r0 < nrows) ck_mm_decode_q32(type, w + r0 * row_stride + (size_t)(c0 + b) * bytes, &lo0, &hi0, &d0);
            if (r1 < nrows) ck_mm_decode_q32(type, w + r1 * row_stride + (size_t)(c0 + b) * bytes, &lo1, &hi1, &d1);
            int8_t *q = pq + (size_t)b * 256 + 64 * p;
            vst1q_s8(q, ck_mm_zip_lo(lo0, lo1));
            vst1q_s8(q + 16, ck_mm_zip_hi(lo0, lo1));
            vst1q_s8(q + 32, ck_mm_zip_lo(hi0, hi1));
            vst1q_s8(q + 48, ck_mm_zip_hi(hi0, hi1));
            vst1q_f32(pd + (size_t)b * 16 + 4 * p, ck_mm_pair(d0, d1));
        }
    }
}

/* A block of two activation rows as the tiles read it: the 32 bytes of each, interleaved by
 * eight (zip1/zip2 of 64-bit lanes: q[0] = [j 0-7, j1 0-7], q[1] = [j 8-15, j1 8-15], q[2], q[3]
 * the same of elements 16-31), and d = [dx_j, dx_j1, dx_j, dx_j1] in the lanes' pattern. */
typedef struct {
    int8x16_t q[4];
    float32x4_t d;
} ck_mm_xpair;

/* Blocks c0...c0+cb-1 of activation rows j and j1 (j1 = j for an odd last row) interleaved. */
CK_I8MM_INLINE void ck_mm_pair_q8_0(const block_q8_0 *b0, const block_q8_0 *b1, int cb, ck_mm_xpair *out) {
    for (int b = 0; b < cb; b++) {
        const int8x16_t l0 = vld1q_s8(b0[b].qs), h0 = vld1q_s8(b0[b].qs + 16);
        const int8x16_t l1 = vld1q_s8(b1[b].qs), h1 = vld1q_s8(b1[b].qs + 16);
        out[b].q[0] = ck_mm_zip_lo(l0, l1), out[b].q[1] = ck_mm_zip_hi(l0, l1);
        out[b].q[2] = ck_mm_zip_lo(h0, h1), out[b].q[3] = ck_mm_zip_hi(h0, h1);
        const float32x2_t d = {ck_arm_h2f(b0[b].d), ck_arm_h2f(b1[b].d)};
        out[b].d = vcombine_f32(d, d);
    }
}

/* nr (constant, 1...CK_MM_NR) activation rows, as (nr + 1) / 2 pairs of cb interleaved blocks
 * xs bytes apart, against the panel's cb blocks. */
CK_I8MM_INLINE void ck_mm_q32_tile(const int8_t *pq, const float *pd, int cb, int64_t c0, const char *x, size_t xs,
                                   int nr, float *y, int64_t ys, int nrows, int accumulate) {
    (void)c0;
    const int np = (nr + 1) / 2;
    float t[CK_MM_NR][12];
    float32x4_t acc[4][2];
    ck_mm_acc_load(acc, t, y, ys, nr, nrows, accumulate);
    for (int b = 0; b < cb; b++) {
        const ck_mm_xpair *xp[2];
        for (int a = 0; a < np; a++) xp[a] = (const ck_mm_xpair *)(x + (size_t)a * xs) + b;
        for (int p = 0; p < 4; p++) {
            const int8_t *q = pq + (size_t)b * 256 + 64 * p;
            const int8x16_t w0 = vld1q_s8(q), w1 = vld1q_s8(q + 16), w2 = vld1q_s8(q + 32), w3 = vld1q_s8(q + 48);
            const float32x4_t dw = vld1q_f32(pd + (size_t)b * 16 + 4 * p);
            for (int a = 0; a < np; a++) {
                int32x4_t s = vmmlaq_s32(vdupq_n_s32(0), w0, xp[a]->q[0]);
                s = vmmlaq_s32(s, w1, xp[a]->q[1]);
                s = vmmlaq_s32(s, w2, xp[a]->q[2]);
                s = vmmlaq_s32(s, w3, xp[a]->q[3]);
                acc[p][a] = vfmaq_f32(acc[p][a], vcvtq_f32_s32(s), vmulq_f32(dw, xp[a]->d));
            }
        }
    }
    ck_mm_acc_store(acc, t, y, ys, nr, nrows);
}

_Static_assert(CK_MM_NR == 4, "one tile entry per activation-row count");
CK_TILES_4(ck_mm_q32_tile, CK_I8MM, int8_t, ck_mm_q32_tile)

/* ---- the k-quants (Q4_K, Q5_K, Q6_K) against block_q8_K32 -----------------------------------
 * One panel per super-block: q [4 pairs][32 chunks][16] int8 in element order (chunk c: elements
 * 8c...8c+7 of both rows; group g of 32 is chunks 4g...4g+3), then the coefficients. */
typedef struct {
    int8_t q[4][32][16];
    float dsc[8][4][4];  /* Q4_K/Q5_K: d * sc[g] per group and pair */
    float mins[8][4][4]; /* Q4_K/Q5_K: -dmin * m[g] */
    int32_t sc[16][4][4]; /* Q6_K: the sub-blocks' scales */
    float d[4][4];        /* Q6_K: d */
} ck_mm_kpanel;

/* Super-block k of a Q4_K (five = 0) or Q5_K row as sixteen int8x16 in element order, with its
 * eight d * sc and -dmin * m. */
CK_I8MM_INLINE void ck_mm_decode_q45_K(int five, const void *row, int64_t k, int8x16_t v[16], float dsc[8],
                                       float mins[8]) {
    const block_q4_K *a = ck_k4_at(row, k, five); /* Q5_K's head is Q4_K's */
    const uint8_t *scales = a->scales, *qs = ck_k4_qs(a, five), *qh = five ? ck_k4_qh(a) : NULL;
    const ck_half dh = a->d, dminh = a->dmin;
    const uint8x16_t low4 = vdupq_n_u8(0x0F);
    for (int c = 0; c < 4; c++) { /* chunk c: group 2c in the low nibbles, 2c + 1 in the high */
        const uint8x16_t a = vld1q_u8(qs + 32 * c), b = vld1q_u8(qs + 32 * c + 16);
        v[4 * c] = vreinterpretq_s8_u8(vandq_u8(a, low4));
        v[4 * c + 1] = vreinterpretq_s8_u8(vandq_u8(b, low4));
        v[4 * c + 2] = vreinterpretq_s8_u8(vshrq_n_u8(a, 4));
        v[4 * c + 3] = vreinterpretq_s8_u8(vshrq_n_u8(b, 4));
    }
    if (five) { /* element l of group g: + 16 * (bit g of qh[l]) */
        const uint8x16_t h0 = vld1q_u8(qh), h1 = vld1q_u8(qh + 16), bit4 = vdupq_n_u8(0x10);
        for (int g = 0; g < 8; g++) {
            const int8x16_t shift = vdupq_n_s8((int8_t)(4 - g));
            v[2 * g] = vreinterpretq_s8_u8(vorrq_u8(vreinterpretq_u8_s8(v[2 * g]), vandq_u8(vshlq_u8(h0, shift), bit4)));
            v[2 * g + 1] =
                vreinterpretq_s8_u8(vorrq_u8(vreinterpretq_u8_s8(v[2 * g + 1]), vandq_u8(vshlq_u8(h1, shift), bit4)));
        }
    }
    uint8_t sc[8], m[8];
    ck_unpack_scales_k4(scales, sc, m);
    const float d = ck_arm_h2f(dh), dmin = ck_arm_h2f(dminh);
    for (int g = 0; g < 8; g++) dsc[g] = d * (float)sc[g], mins[g] = -dmin * (float)m[g];
}

/* Super-block k of a Q6_K row as sixteen int8x16 of q - 32 in element order. */
CK_I8MM_INLINE void ck_mm_decode_q6_K(const void *row, int64_t k, int8x16_t v[16]) {
    const block_q6_K *a = (const block_q6_K *)row + k;
    const uint8x16_t low4 = vdupq_n_u8(0x0F), bits45 = vdupq_n_u8(0x30);
    const int8x16_t off = vdupq_n_s8(32);
    for (int h = 0; h < 2; h++) {
        const uint8_t *ql = a->ql + 64 * h, *qh = a->qh + 32 * h;
        for (int i = 0; i < 2; i++) { /* elements 16i...16i+15 of each run of 32 */
            const uint8x16_t l0 = vld1q_u8(ql + 16 * i), l1 = vld1q_u8(ql + 32 + 16 * i), hb = vld1q_u8(qh + 16 * i);
            const uint8x16_t u[4] = {
                vbslq_u8(bits45, vshlq_n_u8(hb, 4), vandq_u8(l0, low4)),
                vbslq_u8(bits45, vshlq_n_u8(hb, 2), vandq_u8(l1, low4)),
                vbslq_u8(bits45, hb, vshrq_n_u8(l0, 4)),
                vbslq_u8(bits45, vshrq_n_u8(hb, 2), vshrq_n_u8(l1, 4)),
            };
            for (int r = 0; r < 4; r++) v[8 * h + 2 * r + i] = vsubq_s8(vreinterpretq_s8_u8(u[r]), off);
        }
    }
}

/* Super-blocks c0...c0+cb-1 of nrows weight rows into cb panels; missing rows are zeros. */
CK_I8MM_INLINE void ck_mm_pack_kq(int type, const char *w, size_t row_stride, int nrows, int64_t c0, int cb,
                                  ck_mm_kpanel *P) {
    for (int s = 0; s < cb; s++) {
        ck_mm_kpanel *panel = P + s;
        for (int p = 0; p < 4; p++) {
            int8x16_t v[2][16];
            float dsc[2][8] = {{0}}, mins[2][8] = {{0}}, d[2] = {0};
            int8_t sc[2][16] = {{0}};
            for (int i = 0; i < 2; i++) {
                const int r = 2 * p + i;
                if (r >= nrows) {
                    for (int c = 0; c < 16; c++) v[i][c] = vdupq_n_s8(0);
                    continue;
                }
                const char *row = w + r * row_stride;
                if (type == CK_TYPE_Q6_K) {
                    ck_mm_decode_q6_K(row, c0 + s, v[i]);
                    const block_q6_K *a = (const block_q6_K *)row + c0 + s;
                    memcpy(sc[i], a->scales, 16);
                    d[i] = ck_arm_h2f(a->d);
                } else {
                    ck_mm_decode_q45_K(type == CK_TYPE_Q5_K, row, c0 + s, v[i], dsc[i], mins[i]);
                }
            }
            for (int c = 0; c < 16; c++) {
                vst1q_s8(panel->q[p][2 * c], ck_mm_zip_lo(v[0][c], v[1][c]));
                vst1q_s8(panel->q[p][2 * c + 1], ck_mm_zip_hi(v[0][c], v[1][c]));
            }
            if (type == CK_TYPE_Q6_K) {
                for (int sb = 0; sb < 16; sb++) {
                    const int32x4_t pair = {sc[0][sb], sc[0][sb], sc[1][sb], sc[1][sb]};
                    vst1q_s32(panel->sc[sb][p], pair);
                }
                vst1q_f32(panel->d[p], ck_mm_pair(d[0], d[1]));
            } else {
                for (int g = 0; g < 8; g++) {
                    vst1q_f32(panel->dsc[g][p], ck_mm_pair(dsc[0][g], dsc[1][g]));
                    vst1q_f32(panel->mins[g][p], ck_mm_pair(mins[0][g], mins[1][g]));
                }
            }
        }
    }
}

/* The 32 activations of group g of two block_q8_K32 (rows j, j1) interleaved for smmla. */
CK_I8MM_INLINE void ck_mm_x_group(const block_q8_K32 *b0, const block_q8_K32 *b1, int g, int8x16_t xv[4]) {
    const int8x16_t l0 = vld1q_s8(b0->qs + 32 * g), h0 = vld1q_s8(b0->qs + 32 * g + 16);
    const int8x16_t l1 = vld1q_s8(b1->qs + 32 * g), h1 = vld1q_s8(b1->qs + 32 * g + 16);
    xv[0] = ck_mm_zip_lo(l0, l1), xv[1] = ck_mm_zip_hi(l0, l1);
    xv[2] = ck_mm_zip_lo(h0, h1), xv[3] = ck_mm_zip_hi(h0, h1);
}

/* A super-block of two block_q8_K32 activation rows as the k-quant tiles read it: group g's
 * values of both rows interleaved (q[g], as ck_mm_x_group), and in the lanes' pattern
 * [v_j, v_j1, v_j, v_j1] per group: d[g] = dx_g, s[g] = dx_g * the group's sum (the mins'
 * factor). */
typedef struct {
    int8x16_t q[8][4];
    float32x4_t d[8];
    float32x4_t s[8];
} ck_mm_kxpair;

/* Super-blocks 0...cb-1 of activation rows j and j1 (j1 = j for an odd last row) interleaved. */
CK_I8MM_INLINE void ck_mm_pair_q8_K32(const block_q8_K32 *b0, const block_q8_K32 *b1, int cb, ck_mm_kxpair *out) {
    for (int k = 0; k < cb; k++) {
        const block_q8_K32 *xb[2] = {b0 + k, b1 + k};
        for (int g = 0; g < 8; g++) ck_mm_x_group(xb[0], xb[1], g, out[k].q[g]);
        float32x4_t sx[2][2]; /* [row][groups 0-3, 4-7] */
        for (int i = 0; i < 2; i++) {
            const int16x8_t sums = vpaddq_s16(vld1q_s16(xb[i]->bsums), vld1q_s16(xb[i]->bsums + 8));
            sx[i][0] = vmulq_f32(vcvtq_f32_s32(vmovl_s16(vget_low_s16(sums))), vld1q_f32(xb[i]->d));
            sx[i][1] = vmulq_f32(vcvtq_f32_s32(vmovl_high_s16(sums)), vld1q_f32(xb[i]->d + 4));
        }
        for (int h = 0; h < 2; h++) {
            const float32x4_t d0 = vld1q_f32(xb[0]->d + 4 * h), d1 = vld1q_f32(xb[1]->d + 4 * h);
            const float32x4_t zd[2] = {vzip1q_f32(d0, d1), vzip2q_f32(d0, d1)};
            const float32x4_t zs[2] = {vzip1q_f32(sx[0][h], sx[1][h]), vzip2q_f32(sx[0][h], sx[1][h])};
            for (int g = 0; g < 4; g++) {
                out[k].d[4 * h + g] = ck_mm_dup64(zd[g >> 1], g & 1);
                out[k].s[4 * h + g] = ck_mm_dup64(zs[g >> 1], g & 1);
            }
        }
    }
}

/* nr activation rows, as (nr + 1) / 2 pairs of cb interleaved super-blocks xs bytes apart,
 * against cb k-quant panels; six: Q6_K. */
CK_I8MM_INLINE void ck_mm_kq_tile(int six, const ck_mm_kpanel *P, int cb, int64_t sb0, const char *x, size_t xs,
                                  int nr, float *y, int64_t ys, int nrows, int accumulate) {
    (void)sb0;
    const int np = (nr + 1) / 2;
    float t[CK_MM_NR][12];
    float32x4_t acc[4][2];
    ck_mm_acc_load(acc, t, y, ys, nr, nrows, accumulate);
    for (int k = 0; k < cb; k++) {
        const ck_mm_kpanel *panel = P + k;
        const ck_mm_kxpair *xp[2];
        for (int a = 0; a < np; a++) xp[a] = (const ck_mm_kxpair *)(x + (size_t)a * xs) + k;
        for (int g = 0; g < 8; g++) {
            for (int p = 0; p < 4; p++) {
                const int8x16_t w0 = vld1q_s8(panel->q[p][4 * g]), w1 = vld1q_s8(panel->q[p][4 * g + 1]);
                const int8x16_t w2 = vld1q_s8(panel->q[p][4 * g + 2]), w3 = vld1q_s8(panel->q[p][4 * g + 3]);
                if (six) {
                    const int32x4_t sc0 = vld1q_s32(panel->sc[2 * g][p]), sc1 = vld1q_s32(panel->sc[2 * g + 1][p]);
                    const float32x4_t d = vld1q_f32(panel->d[p]);
                    for (int a = 0; a < np; a++) {
                        const int8x16_t *xv = xp[a]->q[g];
                        const int32x4_t s0 = vmmlaq_s32(vmmlaq_s32(vdupq_n_s32(0), w0, xv[0]), w1, xv[1]);
                        const int32x4_t s1 = vmmlaq_s32(vmmlaq_s32(vdupq_n_s32(0), w2, xv[2]), w3, xv[3]);
                        const int32x4_t is = vmlaq_s32(vmulq_s32(s0, sc0), s1, sc1);
                        acc[p][a] = vfmaq_f32(acc[p][a], vcvtq_f32_s32(is), vmulq_f32(d, xp[a]->d[g]));
                    }
                } else {
                    const float32x4_t dsc = vld1q_f32(panel->dsc[g][p]);
                    for (int a = 0; a < np; a++) {
                        const int8x16_t *xv = xp[a]->q[g];
                        int32x4_t is = vmmlaq_s32(vdupq_n_s32(0), w0, xv[0]);
                        is = vmmlaq_s32(is, w1, xv[1]);
                        is = vmmlaq_s32(is, w2, xv[2]);
                        is = vmmlaq_s32(is, w3, xv[3]);
                        acc[p][a] = vfmaq_f32(acc[p][a], vcvtq_f32_s32(is), vmulq_f32(dsc, xp[a]->d[g]));
                    }
                }
            }
        }
        if (six) continue;
        /* the mins: acc += (-dmin m_g) (x) (dx_g * sum of group g's q), for the eight groups */
        for (int a = 0; a < np; a++)
            for (int g = 0; g < 8; g++)
                for (int p = 0; p < 4; p++) acc[p][a] = vfmaq_f32(acc[p][a], vld1q_f32(panel->mins[g][p]), xp[a]->s[g]);
    }
    ck_mm_acc_store(acc, t, y, ys, nr, nrows);
}

typedef void (*ck_mm_kq_tile_fn)(const ck_mm_kpanel *, int, int64_t, const char *, size_t, float *, int64_t, int,
                                 int);
#define CK_MM_KQ_TILE(tag, six, n)                                                                          \
    static CK_I8MM void ck_mm_##tag##_tile##n(const ck_mm_kpanel *P, int cb, int64_t sb0, const char *x,     \
                                              size_t xs, float *y, int64_t ys, int nrows, int accumulate) {   \
        ck_mm_kq_tile(six, P, cb, sb0, x, xs, n, y, ys, nrows, accumulate);                                 \
    }
#define CK_MM_KQ_TILES(tag, six)                                                                            \
    CK_MM_KQ_TILE(tag, six, 1) CK_MM_KQ_TILE(tag, six, 2) CK_MM_KQ_TILE(tag, six, 3) CK_MM_KQ_TILE(tag, six, 4) \
    static const ck_mm_kq_tile_fn ck_mm_##tag##_tiles[CK_MM_NR + 1] = {                                     \
        NULL, ck_mm_##tag##_tile1, ck_mm_##tag##_tile2, ck_mm_##tag##_tile3, ck_mm_##tag##_tile4};
CK_MM_KQ_TILES(q45_K, 0) /* Q4_K and Q5_K: the tiles do not depend on the value range */
CK_MM_KQ_TILES(q6_K, 1)

/* ---- the drivers: activation pairs, panels, tiles ------------------------------------------ */

/* The calling thread's scratch of at least `bytes`, kept for its next calls (the activations
 * of a prefill chunk, interleaved once per call instead of once per panel); NULL if out of
 * memory. */
static void *ck_mm_thread_scratch(size_t bytes) {
    static _Thread_local void *buffer = NULL;
    static _Thread_local size_t capacity = 0;
    if (bytes > capacity) {
        free(buffer);
        buffer = aligned_alloc(16, (bytes + 15) & ~(size_t)15);
        capacity = buffer ? bytes : 0;
    }
    return buffer;
}

/* The activation rows of a call as pairs the tiles read: block_q8_K32 super-blocks (kq) or
 * block_q8_0 blocks, nb of them a row, rows xs bytes apart. Over several panels of weight rows
 * every pair is interleaved once, pair a's blocks at all + a * nb (the thread's scratch); over
 * one, or without the memory (all NULL), each tile interleaves its own (ck_mm_tile_pairs): the
 * same values, so the same results. */
typedef struct {
    int kq;
    const char *x;
    size_t xs;
    int64_t nx, nb;
    char *all;
} ck_mm_acts;

/* Bytes of an activation block and of an interleaved pair of them. */
CK_I8MM_INLINE size_t ck_mm_xblock(int kq) { return kq ? sizeof(block_q8_K32) : sizeof(block_q8_0); }
CK_I8MM_INLINE size_t ck_mm_pblock(int kq) { return kq ? sizeof(ck_mm_kxpair) : sizeof(ck_mm_xpair); }

/* Blocks c0...c0+cb-1 of activation rows j and j1 interleaved into out. */
CK_I8MM_INLINE void ck_mm_interleave(const ck_mm_acts *a, int64_t j, int64_t j1, int64_t c0, int cb, char *out) {
    const char *x0 = a->x + (size_t)j * a->xs + (size_t)c0 * ck_mm_xblock(a->kq);
    const char *x1 = a->x + (size_t)j1 * a->xs + (size_t)c0 * ck_mm_xblock(a->kq);
    if (a->kq)
        ck_mm_pair_q8_K32((const block_q8_K32 *)x0, (const block_q8_K32 *)x1, cb, (ck_mm_kxpair *)out);
    else
        ck_mm_pair_q8_0((const block_q8_0 *)x0, (const block_q8_0 *)x1, cb, (ck_mm_xpair *)out);
}

CK_I8MM_INLINE ck_mm_acts ck_mm_acts_of(int kq, const void *X, size_t xs, int64_t nx, int64_t nb, int64_t rows) {
    ck_mm_acts a = {kq, (const char *)X, xs, nx, nb, NULL};
    const int64_t pairs = (nx + 1) / 2;
    if (rows > 8) a.all = ck_mm_thread_scratch((size_t)(pairs * nb) * ck_mm_pblock(kq));
    if (a.all)
        for (int64_t p = 0; p < pairs; p++)
            ck_mm_interleave(&a, 2 * p, 2 * p + 1 < nx ? 2 * p + 1 : 2 * p, 0, (int)nb,
                             a.all + (size_t)(p * nb) * ck_mm_pblock(kq));
    return a;
}

/* The pairs of the tile of activation rows j0...j0+nr-1 at blocks c0...c0+cb-1, and in *stride
 * the bytes from one pair to the next: in the scratch, or interleaved now into xtile (room for
 * CK_MM_NR / 2 pairs of kc blocks). */
CK_I8MM_INLINE const char *ck_mm_tile_pairs(const ck_mm_acts *a, int64_t j0, int nr, int64_t c0, int cb, char *xtile,
                                            int kc, size_t *stride) {
    if (a->all) {
        *stride = (size_t)a->nb * ck_mm_pblock(a->kq);
        return a->all + (size_t)((j0 / 2) * a->nb + c0) * ck_mm_pblock(a->kq);
    }
    *stride = (size_t)kc * ck_mm_pblock(a->kq);
    for (int p = 0; p < (nr + 1) / 2; p++) {
        const int64_t j = j0 + 2 * p;
        ck_mm_interleave(a, j, j + 1 < a->nx ? j + 1 : j, c0, cb, xtile + (size_t)p * *stride);
    }
    return xtile;
}

CK_I8MM_INLINE void ck_mm_q32_rows(int type, size_t bytes, const void *W, size_t row_stride, int64_t cols,
                                   const void *X, size_t xs, int64_t nx, float *Y, int64_t ys, int64_t row_begin,
                                   int64_t row_end) {
    _Alignas(16) int8_t pq[CK_MM_KC * 256];
    _Alignas(16) float pd[CK_MM_KC * 16];
    ck_mm_xpair xtile[CK_MM_NR / 2][CK_MM_KC];
    const int64_t nb = cols / CK_QK;
    const ck_mm_acts acts = ck_mm_acts_of(0, X, xs, nx, nb, row_end - row_begin);
    for (int64_t r0 = row_begin; r0 < row_end; r0 += 8) {
        const int nrows = (int)(row_end - r0 < 8 ? row_end - r0 : 8);
        for (int64_t c0 = 0; c0 < nb; c0 += CK_MM_KC) {
            const int cb = (int)(nb - c0 < CK_MM_KC ? nb - c0 : CK_MM_KC);
            ck_mm_pack_q32(type, bytes, (const char *)W + (size_t)r0 * row_stride, row_stride, nrows, c0, cb, pq, pd);
            for (int64_t j0 = 0; j0 < nx; j0 += CK_MM_NR) {
                const int nr = (int)(nx - j0 < CK_MM_NR ? nx - j0 : CK_MM_NR);
                size_t xts;
                const char *xt = ck_mm_tile_pairs(&acts, j0, nr, c0, cb, (char *)xtile, CK_MM_KC, &xts);
                ck_mm_q32_tiles[nr](pq, pd, cb, c0, xt, xts, Y + j0 * ys + r0, ys, nrows, c0 > 0);
            }
        }
    }
}

CK_I8MM_INLINE void ck_mm_kq_rows(int type, const ck_mm_kq_tile_fn *tiles, const void *W, size_t row_stride,
                                  int64_t cols, const void *X, size_t xs, int64_t nx, float *Y, int64_t ys,
                                  int64_t row_begin, int64_t row_end) {
    _Alignas(16) ck_mm_kpanel panel[CK_MM_KCK];
    ck_mm_kxpair xtile[CK_MM_NR / 2][CK_MM_KCK];
    const int64_t nb = cols / CK_QK_K;
    const ck_mm_acts acts = ck_mm_acts_of(1, X, xs, nx, nb, row_end - row_begin);
    for (int64_t r0 = row_begin; r0 < row_end; r0 += 8) {
        const int nrows = (int)(row_end - r0 < 8 ? row_end - r0 : 8);
        for (int64_t c0 = 0; c0 < nb; c0 += CK_MM_KCK) {
            const int cb = (int)(nb - c0 < CK_MM_KCK ? nb - c0 : CK_MM_KCK);
            ck_mm_pack_kq(type, (const char *)W + (size_t)r0 * row_stride, row_stride, nrows, c0, cb, panel);
            for (int64_t j0 = 0; j0 < nx; j0 += CK_MM_NR) {
                const int nr = (int)(nx - j0 < CK_MM_NR ? nx - j0 : CK_MM_NR);
                size_t xts;
                const char *xt = ck_mm_tile_pairs(&acts, j0, nr, c0, cb, (char *)xtile, CK_MM_KCK, &xts);
                tiles[nr](panel, cb, c0, xt, xts, Y + j0 * ys + r0, ys, nrows, c0 > 0);
            }
        }
    }
}

#define CK_MM_Q32_ENTRY(w, type, block_t) \
    CK_MATMUL_VIA(CK_I8MM, ck_matmul_##w##_i8mm, ck_mm_q32_rows, type, sizeof(block_t))
CK_MM_Q32_ENTRY(q4_0, CK_TYPE_Q4_0, block_q4_0)
CK_MM_Q32_ENTRY(q5_0, CK_TYPE_Q5_0, block_q5_0)
CK_MM_Q32_ENTRY(q8_0, CK_TYPE_Q8_0, block_q8_0)
CK_MM_Q32_ENTRY(mxfp4, CK_TYPE_MXFP4, block_mxfp4)

#define CK_MM_KQ_ENTRY(w, type, tiles) CK_MATMUL_VIA(CK_I8MM, ck_matmul_##w##_i8mm, ck_mm_kq_rows, type, tiles)
CK_MM_KQ_ENTRY(q4_K, CK_TYPE_Q4_K, ck_mm_q45_K_tiles)
CK_MM_KQ_ENTRY(q5_K, CK_TYPE_Q5_K, ck_mm_q45_K_tiles)
CK_MM_KQ_ENTRY(q6_K, CK_TYPE_Q6_K, ck_mm_q6_K_tiles)

#endif /* CK_ARM64 */
