/*
 * ck_internal.h - shared helpers of the kernel files: exact half-precision conversions, scale
 * unpacking, the AVX-512 activation layouts, the macros that build reference and multi-row
 * entry points, and the prototypes of the variants dispatch.c puts in its tables. The x86
 * SIMD helpers are in ck_x86.h, the arm64 levels in ck_arm64.h (both included here). Not part
 * of the public interface.
 */
#ifndef CK_INTERNAL_H
#define CK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ckernels.h"

/* a * b + c stays two roundings unless a kernel asks for fma explicitly: the reference
 * dequantizers must round exactly like numpy (gguf-py) does. */
#pragma STDC FP_CONTRACT OFF

#define CK_INLINE static inline __attribute__((always_inline))

/* ---- scalar conversions --------------------------------------------------------------- */

CK_INLINE float ck_bits_to_f32(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
CK_INLINE uint32_t ck_f32_to_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* binary16 -> binary32, exactly and without branches (so loops over halves vectorize):
 * normal halves rebias the exponent (+112); infinities and NaNs rebias twice (exponent 255);
 * subnormal halves are em * 2^-24, which float arithmetic gives exactly. */
CK_INLINE float ck_h2f(ck_half h) {
    const uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    const uint32_t em = h & 0x7FFFu;
    const uint32_t normal = (em << 13) + (112u << 23);
    const uint32_t special = normal + (112u << 23);
    const uint32_t subnormal = ck_f32_to_bits((float)em * 0x1p-24f);
    const uint32_t bits = em >= 0x7C00u ? special : (em >= 0x0400u ? normal : subnormal);
    return ck_bits_to_f32(bits | sign);
}

/* binary32 -> binary16, round to nearest even. Small values go through a float addition that
 * lets the FPU do the subnormal rounding; normal values round by adding 0xFFF + lsb. */
CK_INLINE ck_half ck_f2h(float f) {
    uint32_t u = ck_f32_to_bits(f);
    uint32_t sign = (u >> 16) & 0x8000u;
    u &= 0x7FFFFFFFu;
    uint32_t o;
    if (u >= (143u << 23)) { /* >= 65536, inf or nan */
        o = u > 0x7F800000u ? 0x7E00u : 0x7C00u;
    } else if (u < (113u << 23)) { /* below 2^-14: subnormal half or zero */
        const uint32_t magic = 126u << 23; /* 0.5: its ulp is 2^-24, a half subnormal's unit */
        o = ck_f32_to_bits(ck_bits_to_f32(u) + ck_bits_to_f32(magic)) - magic;
    } else {
        uint32_t lsb = (u >> 13) & 1u;
        u += 0xC8000FFFu + lsb; /* exponent -112 (mod 2^32), plus the rounding bias */
        o = u >> 13;
    }
    return (ck_half)(o | sign);
}

CK_INLINE float ck_bf2f(ck_bf16 h) { return ck_bits_to_f32((uint32_t)h << 16); }

/* MXFP4's block scale: half of the E8M0 exponent's 2^(e - 127), exactly (the E2M1 values are
 * stored doubled, ck_kvalues_mxfp4): 2^(e - 128) is the normal float with exponent field e - 1,
 * and for e < 2 the subnormals 2^-128 (bit 21) and 2^-127 (bit 22). e = 255 (NaN in the OCP
 * spec) reads as 2^127, as in ggml. */
CK_INLINE float ck_e8m0_half(uint8_t e) {
    return ck_bits_to_f32(e < 2 ? 0x00200000u << e : (uint32_t)(e - 1) << 23);
}

/* The E2M1 values of MXFP4's 4-bit indices, doubled so they are integers: bit 3 the sign,
 * bits 0-2 the magnitudes 0, 0.5, 1, 1.5, 2, 3, 4, 6. */
extern const int8_t ck_kvalues_mxfp4[16]; /* mxfp4.c */

/* Rounds half away from zero, like roundf, for |v| < 2^23. */
CK_INLINE float ck_round_away(float v) { return __builtin_roundf(v); }

/* The reference activation quantizer of one group of n values (block_q8_0: 32, block_q8_K: 256,
 * block_q8_K32: each 32): amax = max |x|, d = amax / 127, q = roundf(x * (1 / d)) (half away
 * from zero; 0 for an all-zero group); returns d. */
CK_INLINE float ck_quantize_group_ref(const float *x, int8_t *q, int n) {
    float amax = 0.0f;
    for (int i = 0; i < n; i++) amax = __builtin_fmaxf(amax, __builtin_fabsf(x[i]));
    const float d = amax / 127.0f;
    const float id = d != 0.0f ? 1.0f / d : 0.0f;
    for (int i = 0; i < n; i++) q[i] = (int8_t)ck_round_away(x[i] * id);
    return d;
}

/* The 6-bit scale and min of sub-block j (0...7) of Q4_K/Q5_K's packed 12-byte `scales`:
 * bytes 0-3 hold sc0-3 (low 6 bits) and the top bits of sc4-7; bytes 4-7 likewise for the
 * mins; bytes 8-11 hold the low nibbles of sc4-7 (low) and m4-7 (high). */
CK_INLINE void ck_get_scale_min_k4(int j, const uint8_t *q, uint8_t *sc, uint8_t *m) {
    if (j < 4) {
        *sc = q[j] & 63;
        *m = q[j + 4] & 63;
    } else {
        *sc = (uint8_t)((q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4));
        *m = (uint8_t)((q[j + 4] >> 4) | ((q[j] >> 6) << 4));
    }
}

/* All eight scales and mins at once from three little-endian 32-bit words (same packing). */
CK_INLINE void ck_unpack_scales_k4(const uint8_t *q, uint8_t sc[8], uint8_t m[8]) {
    uint32_t a, b, c;
    memcpy(&a, q, 4);
    memcpy(&b, q + 4, 4);
    memcpy(&c, q + 8, 4);
    const uint32_t lo6 = 0x3F3F3F3Fu, lo4 = 0x0F0F0F0Fu, hi2 = 0x30303030u;
    uint32_t s_lo = a & lo6;
    uint32_t s_hi = (c & lo4) | ((a >> 2) & hi2);
    uint32_t m_lo = b & lo6;
    uint32_t m_hi = ((c >> 4) & lo4) | ((b >> 2) & hi2);
    memcpy(sc, &s_lo, 4);
    memcpy(sc + 4, &s_hi, 4);
    memcpy(m, &m_lo, 4);
    memcpy(m + 4, &m_hi, 4);
}

/* The same, as two 64-bit words (byte j = sub-block j), for loading straight into a vector. */
CK_INLINE void ck_unpack_scales_k4_u64(const uint8_t *q, uint64_t *sc, uint64_t *m) {
    uint32_t a, b, c;
    memcpy(&a, q, 4);
    memcpy(&b, q + 4, 4);
    memcpy(&c, q + 8, 4);
    const uint32_t lo6 = 0x3F3F3F3Fu, lo4 = 0x0F0F0F0Fu, hi2 = 0x30303030u;
    *sc = (uint64_t)(a & lo6) | (uint64_t)((c & lo4) | ((a >> 2) & hi2)) << 32;
    *m = (uint64_t)(b & lo6) | (uint64_t)(((c >> 4) & lo4) | ((b >> 2) & hi2)) << 32;
}

#include "ck_generic.h" /* the portable vectors of the generic level */

/* Q4_K and Q5_K share their head (d, dmin, scales) and nibbles (qs); Q5_K's fifth bits (qh) sit
 * between the two. The kernels of both are written once over `five` (0: Q4_K, 1: Q5_K), a
 * constant once inlined. Super-block k of a row, its nibbles and its fifth bits: */
_Static_assert(offsetof(block_q5_K, scales) == offsetof(block_q4_K, scales), "Q4_K and Q5_K share their head");
CK_INLINE const block_q4_K *ck_k4_at(const void *w, int64_t k, int five) {
    return (const block_q4_K *)((const char *)w + (size_t)k * (five ? sizeof(block_q5_K) : sizeof(block_q4_K)));
}
CK_INLINE const uint8_t *ck_k4_qs(const block_q4_K *a, int five) { return five ? ((const block_q5_K *)a)->qs : a->qs; }
CK_INLINE const uint8_t *ck_k4_qh(const block_q4_K *a) { return ((const block_q5_K *)a)->qh; }

/* The reference dequantizer of Q4_K/Q5_K: x = (d * sc[j]) * q - (dmin * m[j]), q the nibble
 * plus 16 where bit j of qh[l] is set (Q5_K). */
CK_INLINE void ck_dequantize_row_k4(const void *src, float *dst, int64_t n, int five) {
    for (int64_t b = 0; b < n / CK_QK_K; b++) {
        const block_q4_K *x = ck_k4_at(src, b, five);
        const uint8_t *qh = ck_k4_qh(x);
        const float d = ck_h2f(x->d), dmin = ck_h2f(x->dmin);
        for (int c = 0; c < 4; c++) {
            const uint8_t *q = ck_k4_qs(x, five) + 32 * c;
            uint8_t sc, m;
            ck_get_scale_min_k4(2 * c, x->scales, &sc, &m);
            const float d1 = d * (float)sc, m1 = dmin * (float)m;
            ck_get_scale_min_k4(2 * c + 1, x->scales, &sc, &m);
            const float d2 = d * (float)sc, m2 = dmin * (float)m;
            const uint8_t u1 = (uint8_t)(1u << (2 * c)), u2 = (uint8_t)(2u << (2 * c));
            for (int l = 0; l < 32; l++) *dst++ = d1 * (float)((q[l] & 0xF) + (five && (qh[l] & u1) ? 16 : 0)) - m1;
            for (int l = 0; l < 32; l++) *dst++ = d2 * (float)((q[l] >> 4) + (five && (qh[l] & u2) ? 16 : 0)) - m2;
        }
    }
}

/* The generic dot of Q4_K/Q5_K against block_q8_K32 (see q4_K.c). */
CK_INLINE float ck_vec_dot_k4_generic(int64_t n, const void *w, const void *x, int five) {
    const block_q8_K32 *b = (const block_q8_K32 *)x;
    float sum = 0.0f;
    for (int64_t k = 0; k < n / CK_QK_K; k++) {
        const block_q4_K *a = ck_k4_at(w, k, five);
        const uint8_t *qh = ck_k4_qh(a);
        uint8_t sc[8], m[8];
        ck_unpack_scales_k4(a->scales, sc, m);
        float sumd = 0.0f, summ = 0.0f;
        for (int c = 0; c < 4; c++) {
            const uint8_t *q = ck_k4_qs(a, five) + 32 * c;
            const int8_t *y = b[k].qs + 64 * c;
#if CK_GENERIC_SIMD
            ck_i8x16 l0, h0, l1, h1; /* elements 0-15 and 16-31 of sub-blocks 2c (l) and 2c + 1 (h) */
            ck_nibbles_u8x16(q, &l0, &h0);
            ck_nibbles_u8x16(q + 16, &l1, &h1);
            if (five) {
                const ck_i8x16 b0 = (ck_i8x16)(ck_load_u8x16(qh) >> (2 * c)), b1 = (ck_i8x16)(ck_load_u8x16(qh + 16) >> (2 * c));
                l0 |= (b0 & 1) << 4, h0 |= (b0 & 2) << 3;
                l1 |= (b1 & 1) << 4, h1 |= (b1 & 2) << 3;
            }
            const int32_t lo = ck_hsum_i32x4(ck_dot_i8x32_small(l0, l1, ck_load_i8x16(y), ck_load_i8x16(y + 16)));
            const int32_t hi = ck_hsum_i32x4(ck_dot_i8x32_small(h0, h1, ck_load_i8x16(y + 32), ck_load_i8x16(y + 48)));
#else /* plain loops (see ck_generic.h) */
            int32_t lo = 0, hi = 0;
            for (int l = 0; l < 32; l++) {
                const int h = five ? qh[l] >> (2 * c) : 0;
                lo += ((q[l] & 0xF) | ((h & 1) << 4)) * y[l];
                hi += ((q[l] >> 4) | ((h & 2) << 3)) * y[l + 32];
            }
#endif
            sumd += b[k].d[2 * c] * (float)(sc[2 * c] * lo) + b[k].d[2 * c + 1] * (float)(sc[2 * c + 1] * hi);
        }
        for (int j = 0; j < 8; j++) summ += b[k].d[j] * (float)(m[j] * (b[k].bsums[2 * j] + b[k].bsums[2 * j + 1]));
        sum += ck_h2f(a->d) * sumd - ck_h2f(a->dmin) * summ;
    }
    return sum;
}

/* The sixteen 6-bit scales of Q3_K (stored biased by 32) as signed values. */
CK_INLINE void ck_unpack_scales_q3_K(const uint8_t *s, int8_t out[16]) {
    for (int j = 0; j < 16; j++) {
        int lo = j < 8 ? (s[j] & 0xF) : (s[j - 8] >> 4);
        int hi = (s[8 + (j & 3)] >> (2 * (j >> 2))) & 3;
        out[j] = (int8_t)((lo | (hi << 4)) - 32);
    }
}

/* The same sixteen scales still biased (0...63), as two 64-bit words (byte j of lo = scale j,
 * byte j of hi = scale 8 + j), for loading straight into a vector: bytes 0-7 give the low
 * nibbles (scales 0-7 low, 8-15 high), the 2-bit fields of bytes 8-11 the top bits (shift 0 for
 * scales 0-3, 2 for 4-7, 4 for 8-11, 6 for 12-15). */
CK_INLINE void ck_unpack_scales_q3_K_u64(const uint8_t *s, uint64_t *lo, uint64_t *hi) {
    uint64_t a;
    uint32_t c;
    memcpy(&a, s, 8);
    memcpy(&c, s + 8, 4);
    const uint64_t lo4 = 0x0F0F0F0F0F0F0F0FULL;
    const uint32_t lo2 = 0x03030303u;
    const uint64_t top_lo = (uint64_t)(c & lo2) | (uint64_t)((c >> 2) & lo2) << 32;
    const uint64_t top_hi = (uint64_t)((c >> 4) & lo2) | (uint64_t)((c >> 6) & lo2) << 32;
    *lo = (a & lo4) | top_lo << 4;
    *hi = ((a >> 4) & lo4) | top_hi << 4;
}

#include "ck_x86.h"

/* ---- activation layouts of the AVX-512 level ----------------------------------------------
 * For a matrix-vector product the activation row is shared by every weight row, so any work
 * done once while quantizing it is free. At the AVX-512 level the activations are therefore
 * laid out for the kernels (the values are exactly those of the reference quantizers):
 *
 * ck_q8_0x16 - sixteen block_q8_0 of the 32-block types (Q4_0, Q5_0, Q8_0, MXFP4), 1088 bytes:
 *   qs    [16][32]  the quantized values, blocks in order (a block pair is one 64-byte load);
 *   negc  [8][16]   per block pair k, int32 lanes as vpdpbusd accumulates them: lane 0 holds
 *                   -offset * sum(qs of block 2k), lane 8 the same for block 2k + 1, the rest 0.
 *                   Starting the accumulation there applies the weight type's zero point
 *                   (8 for Q4_0, 16 for Q5_0, 128 for Q8_0 read as unsigned, 12 for MXFP4's
 *                   doubled E2M1 values) exactly, for free;
 *   d     [16]      the block scales, widened from their f16 value.
 *   A row of n elements is ceil(n / 512) groups; blocks past n are zero.
 *
 * ck_q8_Kx - one block_q8_K32 for Q4_K/Q5_K, 448 bytes:
 *   qs    [256]     the 32-element groups in the order 0 2 1 3 4 6 5 7, so that one 64-byte load
 *                   of packed nibbles (two chunks) meets its activations in one load per nibble
 *                   half;
 *   d2    [16]      each group's scale twice, element order (d2[2g] = d2[2g + 1] = d[g]): times
 *                   the weight's interleaved [d sc_g, dmin m_g] it gives both factors of every
 *                   group in one multiply;
 *   qsum  [16]      the sum of group g's 32 q (as float) at lane 2g + 1, 0 at even lanes: times
 *                   that same product it gives the mins' terms and nothing else;
 *   s32   [8]       d[g] * (sum of the 32 q of group g), element order (the GEMM's mins);
 *   dp    [8]       the group scales in the order of qs (one scalar per group, for the GEMM).
 *
 * ck_q8_K6x - one block_q8_K32 for Q6_K, 448 bytes:
 *   qs    [256]     element order;
 *   d2    [16]      d2[s] = the scale of the group of sub-block s (16 elements), d[s / 2];
 *   bsf   [16]      bsums as float (the offset of 32);
 *   d     [8]       the group scales (the GEMM);
 *   bsums [16]      the sums of 16 (the GEMM).
 */
typedef struct {
    int8_t qs[16 * CK_QK];
    int32_t negc[8][16];
    float d[16];
} ck_q8_0x16;
_Static_assert(sizeof(ck_q8_0x16) == 1088, "ck_q8_0x16 is 17 cache lines");

typedef struct {
    int8_t qs[CK_QK_K];
    float d2[16];
    float qsum[16];
    float s32[CK_QK_K / 32];
    float dp[CK_QK_K / 32];
} ck_q8_Kx;
_Static_assert(sizeof(ck_q8_Kx) == 448, "ck_q8_Kx is 7 cache lines");

typedef struct {
    int8_t qs[CK_QK_K];
    float d2[16];
    float bsf[16];
    float d[CK_QK_K / 32];
    int16_t bsums[CK_QK_K / 16];
} ck_q8_K6x;
_Static_assert(sizeof(ck_q8_K6x) == 448, "ck_q8_K6x is 7 cache lines");

/* ---- the activation layout of Q4_0, Q5_0 and MXFP4 at the AVX2 level -------------------------
 * ck_q8_0a - one block_q8_0 with its scale widened to f32 and -offset * sum(qs) beside it
 * (offset = the weight type's zero point), 40 bytes; see q8_0a.c. */
typedef struct {
    int8_t qs[CK_QK];
    float d;
    int32_t negsum;
} ck_q8_0a;
_Static_assert(sizeof(ck_q8_0a) == 40, "ck_q8_0a is 40 bytes per 32 elements");

/* ---- the rows of the activation format table (activation_formats.c) ------------------------ */
enum {
    CK_ACT_F32,
    CK_ACT_Q8_0_REF,
    CK_ACT_Q8_0_AVX2,
    CK_ACT_Q8_0_AVX512,
    CK_ACT_Q8_K_REF,
    CK_ACT_Q8_K_AVX2,
    CK_ACT_Q8_K_AVX512,
    CK_ACT_Q8_K32_REF,
    CK_ACT_Q8_K32_AVX2,
    CK_ACT_Q8_K32_AVX512,
    CK_ACT_Q8_0A_Q4_0, /* ck_q8_0a, zero point 8 (AVX2 Q4_0) */
    CK_ACT_Q8_0A_Q5_0, /* ck_q8_0a, zero point 16 (AVX2 Q5_0) */
    CK_ACT_X16_Q4_0,   /* ck_q8_0x16, zero point 8 (AVX-512 Q4_0) */
    CK_ACT_X16_Q5_0,   /* ck_q8_0x16, zero point 16 (AVX-512 Q5_0) */
    CK_ACT_X16_Q8_0,   /* ck_q8_0x16, zero point 128 (AVX-512 Q8_0) */
    CK_ACT_Q8_0A_MXFP4, /* ck_q8_0a, zero point 12 (AVX2 MXFP4: doubled E2M1 values + 12) */
    CK_ACT_X16_MXFP4,  /* ck_q8_0x16, zero point 12 (AVX-512 MXFP4) */
    CK_ACT_KX,         /* ck_q8_Kx (AVX-512 Q4_K, Q5_K) */
    CK_ACT_K6X,        /* ck_q8_K6x (AVX-512 Q6_K) */
    CK_ACT_COUNT,
};
extern const ck_activation_format ck_activation_formats[CK_ACT_COUNT];

int64_t ck_act_row_size_q8_0(int64_t n);
int64_t ck_act_row_size_q8_0a(int64_t n);
void ck_dequantize_row_q8_0a(const void *src, float *dst, int64_t n);
int64_t ck_act_row_size_q8_K(int64_t n);
int64_t ck_act_row_size_q8_K32(int64_t n);
int64_t ck_act_row_size_f32(int64_t n);
int64_t ck_act_row_size_q8_0x16(int64_t n);
int64_t ck_act_row_size_q8_Kx(int64_t n);
int64_t ck_act_row_size_q8_K6x(int64_t n);
void ck_dequantize_row_f32_act(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q8_0x16(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q8_Kx(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q8_K6x(const void *src, float *dst, int64_t n);


/* ---- prototypes of the ISA variants ---------------------------------------------------- */

#define CK_DECLARE_DOT(name)                                                                   \
    float name(int64_t n, const void *w, const void *x);                                       \
    void name##_multi(int64_t n, const void *w, const void *x, size_t x_stride, int nx, float *out);

/* The parameters of a ck_matmul_rows_fn; the prototype of one, and a definition `name` that hands
 * the call to driver(the leading arguments given, then its own). */
#define CK_MATMUL_PARAMS                                                                         \
    const void *W, size_t row_stride, int64_t cols, const void *X, size_t xs, int64_t nx, float *Y, int64_t ys, \
        int64_t row_begin, int64_t row_end
#define CK_DECLARE_MATMUL(name) void name(CK_MATMUL_PARAMS);
#define CK_MATMUL_VIA(ATTR, name, driver, ...)                                                   \
    ATTR void name(CK_MATMUL_PARAMS) { driver(__VA_ARGS__, W, row_stride, cols, X, xs, nx, Y, ys, row_begin, row_end); }

/* A GEMM tile function tile(pq, pd, cb, c0, x, xs, nr, y, ys, nrows, accumulate) specialised for
 * nr = 1...4 activation rows (so its loops over them unroll), as name1...name4, and the table
 * name##s[nr] of them; q_t the type of the panel's quants. */
#define CK_TILE_N(name, ATTR, q_t, tile, n)                                                          \
    static ATTR void name##n(const q_t *pq, const float *pd, int cb, int64_t c0, const char *x, size_t xs, \
                             float *y, int64_t ys, int nrows, int accumulate) {                     \
        tile(pq, pd, cb, c0, x, xs, n, y, ys, nrows, accumulate);                                    \
    }
#define CK_TILES_4(name, ATTR, q_t, tile)                                                            \
    CK_TILE_N(name, ATTR, q_t, tile, 1)                                                              \
    CK_TILE_N(name, ATTR, q_t, tile, 2)                                                              \
    CK_TILE_N(name, ATTR, q_t, tile, 3)                                                              \
    CK_TILE_N(name, ATTR, q_t, tile, 4)                                                              \
    static void (*const name##s[5])(const q_t *, const float *, int, int64_t, const char *, size_t, float *, int64_t, \
                                    int, int) = {NULL, name##1, name##2, name##3, name##4};

#define CK_DECLARE_DOT_VARIANTS(stem) \
    CK_DECLARE_DOT(stem##_avx2)        \
    CK_DECLARE_DOT(stem##_avx512)

/* Loops a single-row dot product over nx activation rows (the generic multi variant). */
#define CK_MULTI_FROM_SINGLE(name)                                                            \
    void name##_multi(int64_t n, const void *w, const void *x, size_t x_stride, int nx,       \
                      float *out) {                                                           \
        for (int j = 0; j < nx; j++) out[j] = name(n, w, (const char *)x + (size_t)j * x_stride); \
    }

/* The reference dot of a block type and its multi variant: dequantize qk weights with the
 * type's reference dequantizer, then sum their products with the dequantized activation block
 * (act_t, one scale DX(b, g) per group g of gs elements) in double. */
#define CK_REF_DOT(name, block_t, qk, dequantize, act_t, gs, DX)                              \
    float name(int64_t n, const void *w, const void *x) {                                   \
        double sum = 0;                                                                     \
        float wf[qk];                                                                       \
        for (int64_t k = 0; k < n / (qk); k++) {                                            \
            dequantize((const block_t *)w + k, wf, qk);                                     \
            const act_t *b = (const act_t *)x + k;                                          \
            for (int g = 0; g < (qk) / (gs); g++) {                                         \
                const float db = DX(b, g);                                                  \
                for (int i = (gs) * g; i < (gs) * (g + 1); i++) sum += (double)wf[i] * (double)((float)b->qs[i] * db); \
            }                                                                               \
        }                                                                                   \
        return (float)sum;                                                                  \
    }                                                                                       \
    CK_MULTI_FROM_SINGLE(name)
#define CK_DX_Q8_0(b, g) ck_h2f((b)->d)
#define CK_DX_Q8_K(b, g) ((b)->d)
#define CK_DX_Q8_K32(b, g) ((b)->d[g])
/* The 32-block types against block_q8_0, Q2_K/Q3_K against q8_K, Q4_K/Q5_K/Q6_K against q8_K32. */
#define CK_REF_DOT_Q8_0(name, block_t, dequantize) CK_REF_DOT(name, block_t, CK_QK, dequantize, block_q8_0, 32, CK_DX_Q8_0)
#define CK_REF_DOT_Q8_K(name, block_t, dequantize)                                           \
    CK_REF_DOT(name, block_t, CK_QK_K, dequantize, block_q8_K, CK_QK_K, CK_DX_Q8_K)
#define CK_REF_DOT_Q8_K32(name, block_t, dequantize)                                         \
    CK_REF_DOT(name, block_t, CK_QK_K, dequantize, block_q8_K32, 32, CK_DX_Q8_K32)

/* The generic dot of a block type and its multi variant: the f32 sum over blocks k of
 * BLOCK(weight block k, activation block k), a function giving the block's term. */
#define CK_GENERIC_DOT(name, block_t, qk, act_t, BLOCK)                                       \
    float name(int64_t n, const void *w, const void *x) {                                   \
        const block_t *a = (const block_t *)w;                                              \
        const act_t *b = (const act_t *)x;                                                  \
        float sum = 0.0f;                                                                   \
        for (int64_t k = 0; k < n / (qk); k++) sum += BLOCK(a + k, b + k);                  \
        return sum;                                                                         \
    }                                                                                       \
    CK_MULTI_FROM_SINGLE(name)

/* The generic dot of a 32-element block type against block_q8_0, and its multi variant, over the
 * portable vectors of ck_generic.h: DECODE(block, lo, hi) gives a block's values as two
 * ck_i8x16 (elements 0-15, 16-31), SMALL 1 when they are within +-64 (ck_dot_i8x32_small: all
 * but Q8_0); SCALE(block) the bits of its scale, widened four blocks at
 * a time by WIDEN (ck_h2f_x4, ck_e8m0_half_x4); MIN(block) the bits of its f16 minimum (types
 * x = d q + m), or 0 with HAS_MIN 0. Each block adds (dw dx) sum q qx [+ (m dx) sum qx], both sums
 * exact in int32, to the f32 sum in block order, the operations of a plain per-block loop. */
#define CK_GENERIC_DOT_Q8_0(name, block_t, DECODE, SMALL, SCALE, WIDEN, HAS_MIN, MIN)                 \
    CK_INLINE int32_t name##_ints(const block_t *a, const block_q8_0 *b, int32_t *xsum) {       \
        ck_i8x16 lo, hi;                                                                      \
        DECODE(a, &lo, &hi);                                                                  \
        const ck_i8x16 y0 = ck_load_i8x16(b->qs), y1 = ck_load_i8x16(b->qs + 16);            \
        *xsum = HAS_MIN ? ck_hsum_i32x4(ck_sum_i8x16(y0) + ck_sum_i8x16(y1)) : 0;             \
        return ck_hsum_i32x4(SMALL ? ck_dot_i8x32_small(lo, hi, y0, y1)                       \
                                   : ck_dot_i8x16(lo, y0) + ck_dot_i8x16(hi, y1));            \
    }                                                                                         \
    /* c = 1 or 4 blocks from a, b (four lanes of scales either way) */                      \
    CK_INLINE float name##_blocks(const block_t *a, const block_q8_0 *b, const int c, float sum) { \
        int32_t isum[4], xsum[4];                                                             \
        isum[0] = name##_ints(a, b, &xsum[0]);                                                \
        const int j1 = c > 1, j2 = c > 1 ? 2 : 0, j3 = c > 1 ? 3 : 0;                         \
        isum[1] = name##_ints(a + j1, b + j1, &xsum[1]);                                      \
        isum[2] = name##_ints(a + j2, b + j2, &xsum[2]);                                      \
        isum[3] = name##_ints(a + j3, b + j3, &xsum[3]);                                      \
        const ck_i32x4 hw = {SCALE(a), SCALE(a + j1), SCALE(a + j2), SCALE(a + j3)};           \
        const ck_i32x4 hx = {b->d, b[j1].d, b[j2].d, b[j3].d};                                \
        const ck_i32x4 hm = {MIN(a), MIN(a + j1), MIN(a + j2), MIN(a + j3)};                  \
        const ck_f32x4 dx = ck_h2f_x4(hx), s = WIDEN(hw) * dx;                                \
        const ck_f32x4 m = HAS_MIN ? ck_h2f_x4(hm) * dx : dx;                                 \
        for (int j = 0; j < c; j++)                                                           \
            sum += HAS_MIN ? s[j] * (float)isum[j] + m[j] * (float)xsum[j] : s[j] * (float)isum[j]; \
        return sum;                                                                           \
    }                                                                                         \
    float name(int64_t n, const void *w, const void *x) {                                     \
        const block_t *a = (const block_t *)w;                                                \
        const block_q8_0 *b = (const block_q8_0 *)x;                                          \
        const int64_t nb = n / CK_QK;                                                         \
        float sum = 0.0f;                                                                     \
        int64_t k = 0;                                                                        \
        for (; k + 4 <= nb; k += 4) sum = name##_blocks(a + k, b + k, 4, sum);                \
        for (; k < nb; k++) sum = name##_blocks(a + k, b + k, 1, sum);                        \
        return sum;                                                                           \
    }                                                                                         \
    CK_MULTI_FROM_SINGLE(name)
#define CK_F16_SCALE(p) ((p)->d)
#define CK_NO_MIN(p) 0

void ck_vec_dot_f32_f32_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_f32_f32_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_f16_f32_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_f16_f32_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_bf16_f32_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_bf16_f32_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q4_0_q8_0_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q4_0_q8_0_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q4_1_q8_0_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q4_1_q8_0_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q5_0_q8_0_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q5_0_q8_0_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q5_1_q8_0_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q5_1_q8_0_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q8_0_q8_0_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q8_0_q8_0_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_mxfp4_q8_0_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_mxfp4_q8_0_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q2_K_q8_K_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q2_K_q8_K_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q3_K_q8_K_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q3_K_q8_K_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q4_K_q8_K32_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q4_K_q8_K32_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q5_K_q8_K32_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q5_K_q8_K32_generic_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q6_K_q8_K32_ref_multi(int64_t, const void *, const void *, size_t, int, float *);
void ck_vec_dot_q6_K_q8_K32_generic_multi(int64_t, const void *, const void *, size_t, int, float *);

#if defined(CK_X86)
CK_DECLARE_DOT_VARIANTS(ck_vec_dot_f32_f32)
CK_DECLARE_DOT_VARIANTS(ck_vec_dot_f16_f32)
CK_DECLARE_DOT_VARIANTS(ck_vec_dot_bf16_f32)
CK_DECLARE_DOT_VARIANTS(ck_vec_dot_q8_0_q8_0)
CK_DECLARE_DOT(ck_vec_dot_q4_0_q8_0_avx512)
CK_DECLARE_DOT(ck_vec_dot_q5_0_q8_0_avx512)
CK_DECLARE_DOT(ck_vec_dot_mxfp4_q8_0_avx512)
CK_DECLARE_DOT_VARIANTS(ck_vec_dot_q4_1_q8_0)
CK_DECLARE_DOT_VARIANTS(ck_vec_dot_q5_1_q8_0)
CK_DECLARE_DOT_VARIANTS(ck_vec_dot_q2_K_q8_K)
CK_DECLARE_DOT_VARIANTS(ck_vec_dot_q3_K_q8_K)
CK_DECLARE_DOT_VARIANTS(ck_vec_dot_q4_K_q8_K32)
CK_DECLARE_DOT_VARIANTS(ck_vec_dot_q5_K_q8_K32)
CK_DECLARE_DOT_VARIANTS(ck_vec_dot_q6_K_q8_K32)
void ck_quantize_row_q8_0_avx2(const float *x, void *y, int64_t n);
void ck_quantize_row_q8_0a_q4_0(const float *x, void *y, int64_t n);
void ck_quantize_row_q8_0a_q5_0(const float *x, void *y, int64_t n);
CK_DECLARE_DOT(ck_vec_dot_q4_0_q8_0a_avx2)
CK_DECLARE_DOT(ck_vec_dot_q5_0_q8_0a_avx2)
CK_DECLARE_DOT(ck_vec_dot_mxfp4_q8_0a_avx2)
void ck_quantize_row_q8_0a_mxfp4(const float *x, void *y, int64_t n);
CK_DECLARE_MATMUL(ck_matmul_q4_0_x16_avx512)
CK_DECLARE_MATMUL(ck_matmul_q5_0_x16_avx512)
CK_DECLARE_MATMUL(ck_matmul_q8_0_x16_avx512)
CK_DECLARE_MATMUL(ck_matmul_mxfp4_x16_avx512)
CK_DECLARE_MATMUL(ck_matmul_q4_K_avx512)
CK_DECLARE_MATMUL(ck_matmul_q6_K_avx512)
CK_DECLARE_MATMUL(ck_matmul_q5_K_avx512)
CK_DECLARE_MATMUL(ck_matmul_q4_0_g8_avx2)
CK_DECLARE_MATMUL(ck_matmul_q5_0_g8_avx2)
CK_DECLARE_MATMUL(ck_matmul_mxfp4_g8_avx2)
CK_DECLARE_MATMUL(ck_matmul_q4_K_k8_avx2)
CK_DECLARE_MATMUL(ck_matmul_q5_K_k8_avx2)
CK_DECLARE_MATMUL(ck_matmul_q6_K_k8_avx2)
void ck_quantize_row_q8_0_avx512(const float *x, void *y, int64_t n);
void ck_quantize_row_q8_K_avx2(const float *x, void *y, int64_t n);
void ck_quantize_row_q8_K_avx512(const float *x, void *y, int64_t n);
void ck_quantize_row_q8_K32_avx2(const float *x, void *y, int64_t n);
void ck_quantize_row_q8_K32_avx512(const float *x, void *y, int64_t n);
#endif

void ck_copy_row_f32(const float *x, void *y, int64_t n);

#include "ck_arm64.h" /* the arm64 variants' attributes and prototypes (empty elsewhere) */

/* Given `static inline void name_nx(n, w, x, x_stride, nx, out)` (always inlined), defines the
 * single-row entry `name` and `name_multi`, each a copy of the body specialised for a constant
 * nx, so the per-activation loops unroll and the accumulators stay in registers.
 * CK_NX_ENTRIES has copies for 1...4 rows and runs 5...8 as 4 and the rest: the k-quant bodies
 * keep several registers per row, and 8 rows of them spill. CK_NX_ENTRIES_8 has copies up to 8,
 * for bodies light enough per row that decoding a weight block once for 8 rows pays
 * (the 32-block types against ck_q8_0x16). Either way a row's sums are the same operations in
 * the same order whatever nx is, so every row's result equals the single-row entry's, bit for
 * bit (a sequence's logits do not depend on what it was batched with). */
#define CK_NX_SINGLE_ENTRY(name, ATTR)                                                        \
    ATTR float name(int64_t n, const void *w, const void *x) {                                \
        float out;                                                                            \
        name##_nx(n, w, x, 0, 1, &out);                                                       \
        return out;                                                                           \
    }

#define CK_NX_ENTRIES(name, ATTR)                                                             \
    CK_NX_SINGLE_ENTRY(name, ATTR)                                                            \
    ATTR void name##_multi(int64_t n, const void *w, const void *x, size_t xs, int nx,        \
                           float *out) {                                                      \
        if (nx > 4) {                                                                         \
            name##_nx(n, w, x, xs, 4, out);                                                   \
            x = (const char *)x + 4 * xs;                                                     \
            out += 4;                                                                         \
            nx -= 4;                                                                          \
        }                                                                                     \
        switch (nx) {                                                                         \
        case 1: name##_nx(n, w, x, xs, 1, out); break;                                        \
        case 2: name##_nx(n, w, x, xs, 2, out); break;                                        \
        case 3: name##_nx(n, w, x, xs, 3, out); break;                                        \
        default: name##_nx(n, w, x, xs, 4, out); break;                                       \
        }                                                                                     \
    }

#define CK_NX_ENTRIES_8(name, ATTR)                                                           \
    CK_NX_SINGLE_ENTRY(name, ATTR)                                                            \
    ATTR void name##_multi(int64_t n, const void *w, const void *x, size_t xs, int nx,        \
                           float *out) {                                                      \
        switch (nx) {                                                                         \
        case 1: name##_nx(n, w, x, xs, 1, out); break;                                        \
        case 2: name##_nx(n, w, x, xs, 2, out); break;                                        \
        case 3: name##_nx(n, w, x, xs, 3, out); break;                                        \
        case 4: name##_nx(n, w, x, xs, 4, out); break;                                        \
        case 5: name##_nx(n, w, x, xs, 5, out); break;                                        \
        case 6: name##_nx(n, w, x, xs, 6, out); break;                                        \
        case 7: name##_nx(n, w, x, xs, 7, out); break;                                        \
        default: name##_nx(n, w, x, xs, 8, out); break;                                       \
        }                                                                                     \
    }

#endif /* CK_INTERNAL_H */
