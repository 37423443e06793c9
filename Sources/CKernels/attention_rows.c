/*
 * attention_rows.c - prefill attention: a tile of consecutive query positions of one sequence,
 * for one key/value head, over the f16 KV cache, reading each cached key and value block once
 * for the whole tile (the per-position kernel of attention.c reads them once per position).
 *
 *   q:   row r (position p0 + r) at q + r * q_stride: its group's query heads, [group * dk] f32
 *   K:   row p at K + p * k_stride bytes (dk elements for this kv head, f16 or q8_0 as in
 *        attention.c); V likewise with dv
 *   out: row r at out + r * o_stride: [group * dv] f32
 *
 *   out[r][h] = sum_p softmax_p(scale * q[r][h] . K[p]) V[p],  p in first(r)...p0 + r,
 *   first(r) = max(0, p0 + r - window + 1) with a sliding window, else 0.
 *
 * The M = rows * group query vectors walk the keys 32 positions at a time (flash attention's
 * online softmax). A block's keys are converted to f32 and transposed once, to Kt [32 / W][dk][W]
 * (slices of W positions, W the level's lanes), so that a query's scores are dk fmas of a
 * broadcast query element against Kt rows (no horizontal sums); the values are converted once,
 * to Vb [32][dv]. The queries go four at a time, so that each Kt row and each Vb row loaded
 * serves four queries and the fmas form independent chains (8 for the scores; 16 for the values
 * at AVX-512 and NEON, 8 at AVX2): the loop is bound by fma throughput, not by the latency of
 * one chain. Each query keeps its running maximum m, its running sum l (as W lane sums, added up
 * at the end) and its output accumulator O [dv] (in `scratch`), rescaled by exp(m_old - m_new)
 * when the maximum grows. Positions outside a row's range are masked. Not bit-equal to
 * attention.c's two-pass softmax: the same sums, in another order.
 *
 * Levels: attention_tile.h is the one implementation, over W-lane vectors, instantiated below
 * for AVX-512 (16 lanes, mask registers), AVX2 (8) and NEON (4, every arm64 level) with the
 * level's operations. Below them, or when dk or dv is not a multiple of 16, the rows go one at
 * a time through ck_attend_kv.
 */
#include <math.h>

#include "ck_internal.h"

/* Positions per key block of the tiled kernel, and queries per register tile. */
#define CK_ROWS_BLOCK 32
#define CK_ROWS_QUADS 4

int64_t ck_attend_rows_scratch(int rows, int group, int dk, int dv, int64_t positions) {
    const int64_t m = (int64_t)rows * group;
    /* Kt, Vb, O, the lane sums, the block's weights of four queries, the maxima; + 16: alignment */
    const int64_t tiled = (int64_t)dk * CK_ROWS_BLOCK + CK_ROWS_BLOCK * (int64_t)dv + m * dv + 16 * m +
                          CK_ROWS_QUADS * CK_ROWS_BLOCK + m + 16;
    const int64_t per_row = (int64_t)group * positions; /* the fallback's scores */
    return tiled > per_row ? tiled : per_row;
}

/* The state of the tiled kernel for one tile and the current key block (every level). */
typedef struct {
    const float *q;
    int64_t q_stride;
    int group, dk, dv;
    float scale;
    const float *Kt, *Vb; /* the block: Kt [32 / W][dk][W] (W lanes of the level), Vb [32][dv] */
    int64_t b0;           /* the block's first position */
    int nb;               /* positions in the block (1...32) */
    int64_t p0, window;
    float *O, *lsum, *pw, *mx; /* O [M][dv], lsum [M][16] (W used), pw [4][32], mx [M] */
} ck_rows_state;

#if CK_X86

/* ---- the AVX-512 tile: attention_tile.h over __m512 --------------------------------------- */

/* Elements i...i+15 of a cache row in format fmt (i a multiple of 16). */
CK_INLINE_AVX512 __m512 ck_kv_load16(const uint8_t *row, int fmt, int i) {
    if (fmt == CK_KV_F16) return _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(row + 2 * (int64_t)i)));
    const uint8_t *b = row + (int64_t)(i / 32) * CK_KV_Q8_0_BLOCK_BYTES;
    const __m512 d = _mm512_cvtph_ps(_mm256_set1_epi16((short)(b[0] | (b[1] << 8))));
    return _mm512_mul_ps(d, _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)(b + 2 + i % 32)))));
}

/* ck_transpose16 over floats. */
CK_INLINE_AVX512 void ck_transpose16_ps(__m512 t[16]) {
    __m512i u[16];
    for (int i = 0; i < 16; i++) u[i] = _mm512_castps_si512(t[i]);
    ck_transpose16(u);
    for (int i = 0; i < 16; i++) t[i] = _mm512_castsi512_ps(u[i]);
}

#define CK_TILE(name) name##_avx512
#define CK_TILE_INLINE CK_INLINE_AVX512
#define CK_TILE_ATTR CK_AVX512
#define CK_TILE_V __m512
#define CK_TILE_W 16
#define CK_TILE_P 2
#define CK_TILE_VN 4
#define CK_TILE_M __mmask16
#define CK_TILE_LOAD(p) _mm512_load_ps(p)
#define CK_TILE_STORE(p, v) _mm512_store_ps(p, v)
#define CK_TILE_STOREU(p, v) _mm512_storeu_ps(p, v)
#define CK_TILE_SET1(x) _mm512_set1_ps(x)
#define CK_TILE_ZERO _mm512_setzero_ps()
#define CK_TILE_IOTA _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
#define CK_TILE_ADD(a, b) _mm512_add_ps(a, b)
#define CK_TILE_SUB(a, b) _mm512_sub_ps(a, b)
#define CK_TILE_MUL(a, b) _mm512_mul_ps(a, b)
#define CK_TILE_MAX(a, b) _mm512_max_ps(a, b)
#define CK_TILE_FMA(a, b, c) _mm512_fmadd_ps(a, b, c)
#define CK_TILE_EXP(x) ck_exp512(x)
#define CK_TILE_HMAX(v) _mm512_reduce_max_ps(v)
#define CK_TILE_HSUM(v) _mm512_reduce_add_ps(v)
#define CK_TILE_GE(a, b) _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ)
#define CK_TILE_LE(a, b) _mm512_cmp_ps_mask(a, b, _CMP_LE_OQ)
#define CK_TILE_AND(m, n) ((__mmask16)((m) & (n)))
#define CK_TILE_SEL(m, a, b) _mm512_mask_blend_ps(m, b, a)
#define CK_TILE_KV(row, fmt, i) ck_kv_load16(row, fmt, i)
#define CK_TILE_TRANSPOSE(t) ck_transpose16_ps(t)
#include "attention_tile.h"

/* ---- the AVX2 tile: attention_tile.h over __m256 ----------------------------------------- */

CK_INLINE_AVX2 float ck_hmax256(__m256 v) {
    __m128 s = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_max_ps(s, _mm_movehl_ps(s, s));
    s = _mm_max_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

/* t[i][j] <-> t[j][i]: pairs of rows interleaved (unpack), then quads (shuffle), then the
 * 128-bit halves exchanged. */
CK_INLINE_AVX2 void ck_transpose8_avx2(__m256 t[8]) {
    __m256 u[8], v[8];
    for (int k = 0; k < 8; k += 2) u[k] = _mm256_unpacklo_ps(t[k], t[k + 1]), u[k + 1] = _mm256_unpackhi_ps(t[k], t[k + 1]);
    for (int k = 0; k < 8; k += 4) {
        v[k] = _mm256_shuffle_ps(u[k], u[k + 2], 0x44), v[k + 1] = _mm256_shuffle_ps(u[k], u[k + 2], 0xEE);
        v[k + 2] = _mm256_shuffle_ps(u[k + 1], u[k + 3], 0x44), v[k + 3] = _mm256_shuffle_ps(u[k + 1], u[k + 3], 0xEE);
    }
    for (int k = 0; k < 4; k++) {
        t[k] = _mm256_permute2f128_ps(v[k], v[k + 4], 0x20);
        t[k + 4] = _mm256_permute2f128_ps(v[k], v[k + 4], 0x31);
    }
}

#define CK_TILE(name) name##_avx2
#define CK_TILE_INLINE CK_INLINE_AVX2
#define CK_TILE_ATTR CK_AVX2
#define CK_TILE_V __m256
#define CK_TILE_W 8
#define CK_TILE_P 2
#define CK_TILE_VN 2
#define CK_TILE_M __m256
#define CK_TILE_LOAD(p) _mm256_load_ps(p)
#define CK_TILE_STORE(p, v) _mm256_store_ps(p, v)
#define CK_TILE_STOREU(p, v) _mm256_storeu_ps(p, v)
#define CK_TILE_SET1(x) _mm256_set1_ps(x)
#define CK_TILE_ZERO _mm256_setzero_ps()
#define CK_TILE_IOTA _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7)
#define CK_TILE_ADD(a, b) _mm256_add_ps(a, b)
#define CK_TILE_SUB(a, b) _mm256_sub_ps(a, b)
#define CK_TILE_MUL(a, b) _mm256_mul_ps(a, b)
#define CK_TILE_MAX(a, b) _mm256_max_ps(a, b)
#define CK_TILE_FMA(a, b, c) _mm256_fmadd_ps(a, b, c)
#define CK_TILE_EXP(x) ck_exp256(x)
#define CK_TILE_HMAX(v) ck_hmax256(v)
#define CK_TILE_HSUM(v) ck_hsum256(v)
#define CK_TILE_GE(a, b) _mm256_cmp_ps(a, b, _CMP_GE_OQ)
#define CK_TILE_LE(a, b) _mm256_cmp_ps(a, b, _CMP_LE_OQ)
#define CK_TILE_AND(m, n) _mm256_and_ps(m, n)
#define CK_TILE_SEL(m, a, b) _mm256_blendv_ps(b, a, m)
#define CK_TILE_KV(row, fmt, i) ck_kv_load8(row, fmt, i)
#define CK_TILE_TRANSPOSE(t) ck_transpose8_avx2(t)
#include "attention_tile.h"
#endif /* CK_X86 */

#if defined(CK_ARM64)
/* ---- the NEON tile (every arm64 level): attention_tile.h over float32x4_t ------------------ */

/* Elements i...i+3 of a KV cache row in format fmt (i a multiple of 4): the values of
 * attention.c's ck_kv_load8_neon (d q exact in f32: 11 by 8 significant bits). */
CK_INLINE float32x4_t ck_kv_load4_neon(const uint8_t *row, int fmt, int i) {
    if (fmt == CK_KV_F16) return vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16((const uint16_t *)(row + 2 * (int64_t)i))));
    const uint8_t *b = row + (int64_t)(i / 32) * CK_KV_Q8_0_BLOCK_BYTES;
    __fp16 d;
    int32_t q4;
    memcpy(&d, b, 2);
    memcpy(&q4, b + 2 + i % 32, 4); /* four int8, no read past the block */
    const int16x8_t q = vmovl_s8(vreinterpret_s8_s32(vdup_n_s32(q4)));
    return vmulq_n_f32(vcvtq_f32_s32(vmovl_s16(vget_low_s16(q))), (float)d);
}

/* t[i][j] <-> t[j][i]: trn of row pairs, then the 64-bit halves recombined. */
CK_INLINE void ck_transpose4_neon(float32x4_t t[4]) {
    const float32x4x2_t a = vtrnq_f32(t[0], t[1]), b = vtrnq_f32(t[2], t[3]);
    t[0] = vcombine_f32(vget_low_f32(a.val[0]), vget_low_f32(b.val[0]));
    t[1] = vcombine_f32(vget_low_f32(a.val[1]), vget_low_f32(b.val[1]));
    t[2] = vcombine_f32(vget_high_f32(a.val[0]), vget_high_f32(b.val[0]));
    t[3] = vcombine_f32(vget_high_f32(a.val[1]), vget_high_f32(b.val[1]));
}

#define CK_TILE(name) name##_neon
#define CK_TILE_INLINE CK_INLINE
#define CK_TILE_ATTR
#define CK_TILE_V float32x4_t
#define CK_TILE_W 4
#define CK_TILE_P 4
#define CK_TILE_VN 4
#define CK_TILE_M uint32x4_t
#define CK_TILE_LOAD(p) vld1q_f32(p)
#define CK_TILE_STORE(p, v) vst1q_f32(p, v)
#define CK_TILE_STOREU(p, v) vst1q_f32(p, v)
#define CK_TILE_SET1(x) vdupq_n_f32(x)
#define CK_TILE_ZERO vdupq_n_f32(0.0f)
#define CK_TILE_IOTA ((float32x4_t){0.0f, 1.0f, 2.0f, 3.0f})
#define CK_TILE_ADD(a, b) vaddq_f32(a, b)
#define CK_TILE_SUB(a, b) vsubq_f32(a, b)
#define CK_TILE_MUL(a, b) vmulq_f32(a, b)
#define CK_TILE_MAX(a, b) vmaxq_f32(a, b)
#define CK_TILE_FMA(a, b, c) vfmaq_f32(c, a, b)
#define CK_TILE_EXP(x) ck_exp_neon(x)
#define CK_TILE_HMAX(v) vmaxvq_f32(v)
#define CK_TILE_HSUM(v) vaddvq_f32(v)
#define CK_TILE_GE(a, b) vcgeq_f32(a, b)
#define CK_TILE_LE(a, b) vcleq_f32(a, b)
#define CK_TILE_AND(m, n) vandq_u32(m, n)
#define CK_TILE_SEL(m, a, b) vbslq_f32(m, a, b)
#define CK_TILE_KV(row, fmt, i) ck_kv_load4_neon(row, fmt, i)
#define CK_TILE_TRANSPOSE(t) ck_transpose4_neon(t)
#include "attention_tile.h"
#endif /* CK_ARM64 */

void ck_attend_rows_kv(int isa, int fmt, const float *q, int64_t q_stride, const void *K, int64_t k_stride,
                       const void *V, int64_t v_stride, int64_t p0, int rows, int64_t window, int group, int dk, int dv,
                       float scale, const float *sinks, float *scratch, float *out, int64_t o_stride) {
    if (rows <= 0 || group <= 0) return;
    const uint8_t *k = (const uint8_t *)K, *v = (const uint8_t *)V;
    /* the tile of the highest level allowed, for this cache format (dk, dv multiples of 16) */
    typedef void (*tile_fn)(const float *, int64_t, const uint8_t *, int64_t, const uint8_t *, int64_t, int64_t, int,
                            int64_t, int, int, int, float, const float *, float *, float *, int64_t);
    tile_fn tile = NULL;
    const int q8 = fmt == CK_KV_Q8_0;
    (void)q8;
#if CK_X86
    if (isa >= CK_ISA_AVX512 && ck_isa_supported(CK_ISA_AVX512))
        tile = q8 ? ck_attend_rows_q8_avx512 : ck_attend_rows_f16_avx512;
    else if (isa >= CK_ISA_AVX2 && ck_isa_supported(CK_ISA_AVX2))
        tile = q8 ? ck_attend_rows_q8_avx2 : ck_attend_rows_f16_avx2;
#elif defined(CK_ARM64)
    if (isa >= CK_ISA_NEON) tile = q8 ? ck_attend_rows_q8_neon : ck_attend_rows_f16_neon;
#endif
    if (tile && dk % 16 == 0 && dv % 16 == 0) {
        tile(q, q_stride, k, k_stride, v, v_stride, p0, rows, window, group, dk, dv, scale, sinks, scratch, out, o_stride);
        return;
    }
    for (int r = 0; r < rows; r++) {
        const int64_t last = p0 + r, first = window > 0 && last - window + 1 > 0 ? last - window + 1 : 0;
        ck_attend_kv(isa, fmt, q + r * q_stride, K, k_stride, V, v_stride, first, last, group, dk, dv, scale, sinks,
                     scratch, out + r * o_stride);
    }
}

void ck_attend_rows(int isa, const float *q, int64_t q_stride, const ck_half *K, int64_t k_stride, const ck_half *V,
                    int64_t v_stride, int64_t p0, int rows, int64_t window, int group, int dk, int dv, float scale,
                    float *scratch, float *out, int64_t o_stride) {
    ck_attend_rows_kv(isa, CK_KV_F16, q, q_stride, K, 2 * k_stride, V, 2 * v_stride, p0, rows, window, group, dk, dv, scale,
                      NULL, scratch, out, o_stride);
}
