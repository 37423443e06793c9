/*
 * attention.c - scaled dot-product attention of one query position over an f16 KV cache, and
 * f32 <-> f16 row conversion for storing into that cache.
 *
 * One call handles one query position and one key/value head together with every query head
 * that reads it (grouped-query attention: query head h reads kv head h / group), so each cached
 * key and value row is converted from f16 once per group instead of once per head.
 *
 *   q:      [group * dk] f32, the group's query heads one after another (already rotated)
 *   K:      row p (position p) at K + p * k_stride halves; this kv head's key is dk halves there
 *   V:      likewise with v_stride and dv
 *   scores: scratch, [group * n] floats, n = last - first + 1
 *   out:    [group * dv] f32
 *
 *   s[h][p] = scale * dot(q[h], K[p]),  w[h] = softmax_p(s[h]),  out[h] = sum_p w[h][p] V[p]
 * over positions first...last (both inclusive; a sliding window moves `first`).
 *
 * ck_attend_group_partial stops before the division: out[h] = sum_p exp(s[h][p] - m[h]) V[p]
 * with m[h] = max_p s[h][p] and l[h] = sum_p exp(s[h][p] - m[h]), so that a long range can be
 * split into parts taken on several threads; ck_attend_merge joins the parts (flash decoding):
 *   out[h] = sum_c exp(m_c[h] - M) out_c[h] / sum_c exp(m_c[h] - M) l_c[h],  M = max_c m_c[h].
 * ck_attend_group is one part, divided by its sum.
 *
 * Attention sinks (gpt-oss): `sinks`, when not NULL, holds one logit per query head of the group
 * that takes part in the softmax's denominator only (a position with a zero value):
 *   w[h][p] = exp(s[h][p] - m) / (sum_p' exp(s[h][p'] - m) + exp(sinks[h] - m)),
 * so the division by l[h] becomes one by l[h] + exp(sinks[h] - m[h]) (ck_attend_kv,
 * ck_attend_merge, and attention_rows.c's tiles); exp of a sink far above the scores is
 * infinite and the output 0, its limit.
 *
 * The cache rows come in one of two formats (`fmt`, CK_KV_F16 or CK_KV_Q8_0; row strides in
 * bytes): IEEE halves, or block_q8_0 (32 elements per block: an f16 scale d and 32 int8 q,
 * x = d q; 34 bytes), which halves the cache's memory at about 8 bits of precision per element.
 * A head's elements start on a block boundary (dk and dv multiples of 32 for CK_KV_Q8_0).
 *
 * The AVX2/F16C and NEON variants (every arm64 level from neon) are attention_group.h's loops,
 * written once over eight floats a step (one __m256; two float32x4, fcvtl for the halves) and
 * instantiated below for each: they need dk and dv to be multiples of 8 and take groups at
 * most 8 heads per pass (looping over larger groups); the generic variant has no such limits.
 */
#include <math.h>

#include "ck_internal.h"

/* ck_attend_group takes the heads of a group this many at a time (its max and sum on the stack). */
enum { CK_ATT_MAX_GROUP = 64 };

/* scores[h][i] -> exp(scores[h][i] - mx[h]), mx[h] the row's maximum, l[h] the row's sum. */
static void ck_exp_rows(float *scores, int group, int64_t n, float *mx, float *l) {
    for (int h = 0; h < group; h++) {
        float *s = scores + (int64_t)h * n;
        float m = -INFINITY;
        for (int64_t i = 0; i < n; i++) m = s[i] > m ? s[i] : m;
        float total = 0;
        for (int64_t i = 0; i < n; i++) {
            s[i] = expf(s[i] - m);
            total += s[i];
        }
        mx[h] = m;
        l[h] = total;
    }
}

/* Element i of a cache row in format fmt. */
CK_INLINE float ck_kv_get(const uint8_t *row, int fmt, int i) {
    if (fmt == CK_KV_F16) {
        ck_half h;
        memcpy(&h, row + 2 * (int64_t)i, 2);
        return ck_h2f(h);
    }
    const uint8_t *b = row + (int64_t)(i / 32) * CK_KV_Q8_0_BLOCK_BYTES;
    ck_half d;
    memcpy(&d, b, 2);
    return ck_h2f(d) * (float)(int8_t)b[2 + i % 32];
}

static void ck_attend_group_generic(const float *q, const uint8_t *K, int64_t k_stride, const uint8_t *V,
                                    int64_t v_stride, int fmt, int64_t first, int64_t last, int group, int dk,
                                    int dv, float scale, float *scores, float *out, float *mx, float *l) {
    const int64_t n = last - first + 1;
    for (int64_t p = first; p <= last; p++) {
        const uint8_t *k = K + p * k_stride;
        for (int h = 0; h < group; h++) {
            const float *qh = q + (int64_t)h * dk;
            float dot = 0;
            for (int i = 0; i < dk; i++) dot += qh[i] * ck_kv_get(k, fmt, i);
            scores[(int64_t)h * n + (p - first)] = dot * scale;
        }
    }
    ck_exp_rows(scores, group, n, mx, l);
    for (int64_t i = 0; i < (int64_t)group * dv; i++) out[i] = 0;
    for (int64_t p = first; p <= last; p++) {
        const uint8_t *v = V + p * v_stride;
        for (int h = 0; h < group; h++) {
            const float w = scores[(int64_t)h * n + (p - first)];
            float *o = out + (int64_t)h * dv;
            for (int i = 0; i < dv; i++) o[i] += w * ck_kv_get(v, fmt, i);
        }
    }
}

/* At most 8 heads of a group per pass (attention_group.h). */
enum { CK_ATT_HEADS = 8 };

#if CK_X86
/* ---- AVX2: attention_group.h over __m256 ---------------------------------------------------- */
#define CK_G(name) name##_avx2
#define CK_G_INLINE CK_INLINE_AVX2
#define CK_G_ATTR CK_AVX2
#define CK_G_V __m256
#define CK_G_ZERO _mm256_setzero_ps()
#define CK_G_LOADU(p) _mm256_loadu_ps(p)
#define CK_G_STOREU(p, v) _mm256_storeu_ps(p, v)
#define CK_G_SET1(x) _mm256_set1_ps(x)
#define CK_G_ADD(a, b) _mm256_add_ps(a, b)
#define CK_G_SUB(a, b) _mm256_sub_ps(a, b)
#define CK_G_FMA(a, b, c) _mm256_fmadd_ps(a, b, c)
#define CK_G_EXP(v) ck_exp256(v)
#define CK_G_HSUM(v) ck_hsum256(v)
#define CK_G_KV8(row, fmt, i) ck_kv_load8(row, fmt, i)
#include "attention_group.h"

CK_AVX2 static void ck_f32_to_f16_avx2(const float *src, ck_half *dst, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm_storeu_si128((__m128i *)(dst + i), _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT));
    for (; i < n; i++) dst[i] = ck_f2h(src[i]);
}
#endif

#if defined(CK_ARM64)
/* Elements i...i+7 of a cache row in format fmt (i a multiple of 8) as two float32x4. */
CK_INLINE void ck_kv_load8_neon(const uint8_t *row, int fmt, int i, float32x4_t v[2]) {
    if (fmt == CK_KV_F16) {
        const float16x8_t h = vreinterpretq_f16_u16(vld1q_u16((const uint16_t *)(row + 2 * (int64_t)i)));
        v[0] = vcvt_f32_f16(vget_low_f16(h));
        v[1] = vcvt_high_f32_f16(h);
        return;
    }
    const uint8_t *b = row + (int64_t)(i / 32) * CK_KV_Q8_0_BLOCK_BYTES;
    __fp16 d;
    memcpy(&d, b, 2);
    const int16x8_t q = vmovl_s8(vld1_s8((const int8_t *)(b + 2 + i % 32)));
    v[0] = vmulq_n_f32(vcvtq_f32_s32(vmovl_s16(vget_low_s16(q))), (float)d);
    v[1] = vmulq_n_f32(vcvtq_f32_s32(vmovl_high_s16(q)), (float)d);
}

/* ---- NEON: attention_group.h over two float32x4 --------------------------------------------- */
typedef struct {
    float32x4_t lo, hi;
} ck_f32x8_neon;
CK_INLINE ck_f32x8_neon ck_f8_neon(float32x4_t lo, float32x4_t hi) { return (ck_f32x8_neon){lo, hi}; }
CK_INLINE ck_f32x8_neon ck_kv8_neon(const uint8_t *row, int fmt, int i) {
    float32x4_t v[2];
    ck_kv_load8_neon(row, fmt, i, v);
    return ck_f8_neon(v[0], v[1]);
}
#define CK_G(name) name##_neon
#define CK_G_INLINE CK_INLINE
#define CK_G_ATTR
#define CK_G_V ck_f32x8_neon
#define CK_G_ZERO ck_f8_neon(vdupq_n_f32(0.0f), vdupq_n_f32(0.0f))
#define CK_G_LOADU(p) ck_f8_neon(vld1q_f32(p), vld1q_f32((p) + 4))
#define CK_G_STOREU(p, v) (vst1q_f32(p, (v).lo), vst1q_f32((p) + 4, (v).hi))
#define CK_G_SET1(x) ck_f8_neon(vdupq_n_f32(x), vdupq_n_f32(x))
#define CK_G_ADD(a, b) ck_f8_neon(vaddq_f32((a).lo, (b).lo), vaddq_f32((a).hi, (b).hi))
#define CK_G_SUB(a, b) ck_f8_neon(vsubq_f32((a).lo, (b).lo), vsubq_f32((a).hi, (b).hi))
#define CK_G_FMA(a, b, c) ck_f8_neon(vfmaq_f32((c).lo, (a).lo, (b).lo), vfmaq_f32((c).hi, (a).hi, (b).hi))
#define CK_G_EXP(v) ck_f8_neon(ck_exp_neon((v).lo), ck_exp_neon((v).hi))
#define CK_G_HSUM(v) vaddvq_f32(vaddq_f32((v).lo, (v).hi))
#define CK_G_KV8(row, fmt, i) ck_kv8_neon(row, fmt, i)
#include "attention_group.h"

/* fcvtn: round to nearest even, as ck_f2h (NaNs stay NaNs, their payload kept as F16C does). */
static void ck_f32_to_f16_neon(const float *src, ck_half *dst, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const float16x8_t h = vcvt_high_f16_f32(vcvt_f16_f32(vld1q_f32(src + i)), vld1q_f32(src + i + 4));
        vst1q_u16(dst + i, vreinterpretq_u16_f16(h));
    }
    for (; i < n; i++) dst[i] = ck_f2h(src[i]);
}
#endif /* CK_ARM64 */

void ck_attend_kv_partial(int isa, int fmt, const float *q, const void *K, int64_t k_stride, const void *V,
                          int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv, float scale,
                          float *scores, float *out, float *mx, float *l) {
    if (last < first || group <= 0) return;
    const uint8_t *k = (const uint8_t *)K, *v = (const uint8_t *)V;
#if CK_X86
    if (isa >= CK_ISA_AVX2 && ck_isa_supported(CK_ISA_AVX2) && dk % 8 == 0 && dv % 8 == 0) {
        if (fmt == CK_KV_Q8_0)
            ck_attend_group_q8_avx2(q, k, k_stride, v, v_stride, first, last, group, dk, dv, scale, scores, out, mx, l);
        else
            ck_attend_group_f16_avx2(q, k, k_stride, v, v_stride, first, last, group, dk, dv, scale, scores, out, mx, l);
        return;
    }
#elif defined(CK_ARM64)
    if (isa >= CK_ISA_NEON && dk % 8 == 0 && dv % 8 == 0) {
        if (fmt == CK_KV_Q8_0)
            ck_attend_group_q8_neon(q, k, k_stride, v, v_stride, first, last, group, dk, dv, scale, scores, out, mx, l);
        else
            ck_attend_group_f16_neon(q, k, k_stride, v, v_stride, first, last, group, dk, dv, scale, scores, out, mx, l);
        return;
    }
#endif
    (void)isa;
    ck_attend_group_generic(q, k, k_stride, v, v_stride, fmt, first, last, group, dk, dv, scale, scores, out, mx, l);
}

void ck_attend_kv(int isa, int fmt, const float *q, const void *K, int64_t k_stride, const void *V, int64_t v_stride,
                  int64_t first, int64_t last, int group, int dk, int dv, float scale, const float *sinks, float *scores,
                  float *out) {
    if (last < first || group <= 0) return;
    float mx[CK_ATT_MAX_GROUP], l[CK_ATT_MAX_GROUP];
    for (int h0 = 0; h0 < group; h0 += CK_ATT_MAX_GROUP) {
        const int g = group - h0 < CK_ATT_MAX_GROUP ? group - h0 : CK_ATT_MAX_GROUP;
        float *o = out + (int64_t)h0 * dv;
        ck_attend_kv_partial(isa, fmt, q + (int64_t)h0 * dk, K, k_stride, V, v_stride, first, last, g, dk, dv, scale,
                             scores, o, mx, l);
        for (int h = 0; h < g; h++) {
            const float inv = 1.0f / (sinks ? l[h] + expf(sinks[h0 + h] - mx[h]) : l[h]);
            for (int i = 0; i < dv; i++) o[(int64_t)h * dv + i] *= inv;
        }
    }
}

void ck_attend_group_partial(int isa, const float *q, const ck_half *K, int64_t k_stride, const ck_half *V,
                             int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv, float scale,
                             float *scores, float *out, float *mx, float *l) {
    ck_attend_kv_partial(isa, CK_KV_F16, q, K, 2 * k_stride, V, 2 * v_stride, first, last, group, dk, dv, scale, scores,
                         out, mx, l);
}

void ck_attend_group(int isa, const float *q, const ck_half *K, int64_t k_stride, const ck_half *V, int64_t v_stride,
                     int64_t first, int64_t last, int group, int dk, int dv, float scale, float *scores, float *out) {
    ck_attend_kv(isa, CK_KV_F16, q, K, 2 * k_stride, V, 2 * v_stride, first, last, group, dk, dv, scale, NULL, scores,
                 out);
}

void ck_attend_merge(int parts, int group, int dv, const float *slots, int64_t slot_width, const float *sinks,
                     float *out) {
    for (int h = 0; h < group; h++) {
        float m = -INFINITY;
        for (int c = 0; c < parts; c++) {
            const float mc = slots[c * slot_width + (int64_t)group * dv + h];
            m = mc > m ? mc : m;
        }
        float total = 0;
        float *o = out + (int64_t)h * dv;
        for (int i = 0; i < dv; i++) o[i] = 0;
        for (int c = 0; c < parts; c++) {
            const float *slot = slots + c * slot_width;
            const float w = expf(slot[(int64_t)group * dv + h] - m);
            total += w * slot[(int64_t)group * dv + group + h];
            const float *p = slot + (int64_t)h * dv;
            for (int i = 0; i < dv; i++) o[i] += w * p[i];
        }
        if (sinks) total += expf(sinks[h] - m);
        const float inv = 1.0f / total;
        for (int i = 0; i < dv; i++) o[i] *= inv;
    }
}

void ck_f32_to_f16_row(int isa, const float *src, ck_half *dst, int64_t n) {
#if CK_X86
    if (isa >= CK_ISA_AVX2 && ck_isa_supported(CK_ISA_AVX2)) {
        ck_f32_to_f16_avx2(src, dst, n);
        return;
    }
#elif defined(CK_ARM64)
    if (isa >= CK_ISA_NEON) {
        ck_f32_to_f16_neon(src, dst, n);
        return;
    }
#endif
    (void)isa;
    for (int64_t i = 0; i < n; i++) dst[i] = ck_f2h(src[i]);
}

int64_t ck_kv_row_bytes(int fmt, int64_t n) {
    return fmt == CK_KV_Q8_0 ? n / 32 * CK_KV_Q8_0_BLOCK_BYTES : 2 * n;
}

void ck_kv_store_row(int isa, int fmt, const float *src, void *dst, int64_t n) {
    if (fmt == CK_KV_Q8_0) {
        ck_quantize_row_q8_0(src, dst, n);
        return;
    }
    ck_f32_to_f16_row(isa, src, (ck_half *)dst, n);
}
