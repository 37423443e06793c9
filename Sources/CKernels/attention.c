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
 * The AVX2/F16C variant needs dk and dv to be multiples of 8 and groups of at most 8 heads per
 * pass (it loops over larger groups); so does the NEON variant (every arm64 level from neon:
 * the same loops with eight elements as two float32x4, fcvtl for the halves, ck_exp_neon for
 * the exponentials); the generic variant has no such limits.
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

#if CK_X86
/* At most 8 heads of a group per pass: their accumulators stay in registers. */
enum { CK_ATT_HEADS = 8 };

/* ck_exp_rows with the exponentials 8 at a time (ck_exp256). */
CK_AVX2 static void ck_exp_rows_avx2(float *scores, int group, int64_t n, float *mx, float *l) {
    for (int h = 0; h < group; h++) {
        float *s = scores + (int64_t)h * n;
        float m = -INFINITY;
        for (int64_t i = 0; i < n; i++) m = s[i] > m ? s[i] : m;
        const __m256 mv = _mm256_set1_ps(m);
        __m256 tv = _mm256_setzero_ps();
        int64_t i = 0;
        for (; i + 8 <= n; i += 8) {
            const __m256 e = ck_exp256(_mm256_sub_ps(_mm256_loadu_ps(s + i), mv));
            _mm256_storeu_ps(s + i, e);
            tv = _mm256_add_ps(tv, e);
        }
        float total = ck_hsum256(tv);
        for (; i < n; i++) {
            s[i] = expf(s[i] - m);
            total += s[i];
        }
        mx[h] = m;
        l[h] = total;
    }
}

/* fmt is a constant once inlined into the wrappers below, so the loops carry no format branch. */
CK_INLINE_AVX2 void ck_attend_group_avx2(const float *q, const uint8_t *K, int64_t k_stride, const uint8_t *V,
                                         int64_t v_stride, const int fmt, int64_t first, int64_t last, int group,
                                         int dk, int dv, float scale, float *scores, float *out, float *mx, float *l) {
    const int64_t n = last - first + 1;
    for (int h0 = 0; h0 < group; h0 += CK_ATT_HEADS) {
        const int g = group - h0 < CK_ATT_HEADS ? group - h0 : CK_ATT_HEADS;
        const float *qg = q + (int64_t)h0 * dk;
        float *sg = scores + (int64_t)h0 * n;
        for (int64_t p = first; p <= last; p++) {
            const uint8_t *k = K + p * k_stride;
            __m256 acc[CK_ATT_HEADS];
            for (int h = 0; h < g; h++) acc[h] = _mm256_setzero_ps();
            for (int i = 0; i < dk; i += 8) {
                const __m256 kv = ck_kv_load8(k, fmt, i);
                for (int h = 0; h < g; h++) acc[h] = _mm256_fmadd_ps(_mm256_loadu_ps(qg + (int64_t)h * dk + i), kv, acc[h]);
            }
            for (int h = 0; h < g; h++) sg[(int64_t)h * n + (p - first)] = ck_hsum256(acc[h]) * scale;
        }
    }
    ck_exp_rows_avx2(scores, group, n, mx, l);
    for (int h0 = 0; h0 < group; h0 += CK_ATT_HEADS) {
        const int g = group - h0 < CK_ATT_HEADS ? group - h0 : CK_ATT_HEADS;
        for (int i = 0; i < dv; i += 8) {
            __m256 acc[CK_ATT_HEADS];
            for (int h = 0; h < g; h++) acc[h] = _mm256_setzero_ps();
            for (int64_t p = first; p <= last; p++) {
                const __m256 vv = ck_kv_load8(V + p * v_stride, fmt, i);
                for (int h = 0; h < g; h++)
                    acc[h] = _mm256_fmadd_ps(_mm256_set1_ps(scores[(int64_t)(h0 + h) * n + (p - first)]), vv, acc[h]);
            }
            for (int h = 0; h < g; h++) _mm256_storeu_ps(out + (int64_t)(h0 + h) * dv + i, acc[h]);
        }
    }
}

CK_AVX2 static void ck_attend_group_avx2_f16(const float *q, const uint8_t *K, int64_t k_stride, const uint8_t *V,
                                             int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv,
                                             float scale, float *scores, float *out, float *mx, float *l) {
    ck_attend_group_avx2(q, K, k_stride, V, v_stride, CK_KV_F16, first, last, group, dk, dv, scale, scores, out, mx, l);
}

CK_AVX2 static void ck_attend_group_avx2_q8(const float *q, const uint8_t *K, int64_t k_stride, const uint8_t *V,
                                            int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv,
                                            float scale, float *scores, float *out, float *mx, float *l) {
    ck_attend_group_avx2(q, K, k_stride, V, v_stride, CK_KV_Q8_0, first, last, group, dk, dv, scale, scores, out, mx, l);
}

CK_AVX2 static void ck_f32_to_f16_avx2(const float *src, ck_half *dst, int64_t n) {
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm_storeu_si128((__m128i *)(dst + i), _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT));
    for (; i < n; i++) dst[i] = ck_f2h(src[i]);
}
#endif

#if defined(CK_ARM64)
/* At most 8 heads of a group per pass: their accumulators (two registers each) stay in registers. */
enum { CK_ATT_HEADS_NEON = 8 };

/* ck_exp_rows with the exponentials 4 at a time (ck_exp_neon). */
static void ck_exp_rows_neon(float *scores, int group, int64_t n, float *mx, float *l) {
    for (int h = 0; h < group; h++) {
        float *s = scores + (int64_t)h * n;
        float m = -INFINITY;
        for (int64_t i = 0; i < n; i++) m = s[i] > m ? s[i] : m;
        const float32x4_t mv = vdupq_n_f32(m);
        float32x4_t tv = vdupq_n_f32(0.0f);
        int64_t i = 0;
        for (; i + 4 <= n; i += 4) {
            const float32x4_t e = ck_exp_neon(vsubq_f32(vld1q_f32(s + i), mv));
            vst1q_f32(s + i, e);
            tv = vaddq_f32(tv, e);
        }
        float total = vaddvq_f32(tv);
        for (; i < n; i++) {
            s[i] = expf(s[i] - m);
            total += s[i];
        }
        mx[h] = m;
        l[h] = total;
    }
}

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

/* ck_attend_group_avx2's loops, eight elements per step in two float32x4. fmt is a constant once
 * inlined into the wrappers below. */
CK_INLINE void ck_attend_group_neon(const float *q, const uint8_t *K, int64_t k_stride, const uint8_t *V,
                                    int64_t v_stride, const int fmt, int64_t first, int64_t last, int group, int dk,
                                    int dv, float scale, float *scores, float *out, float *mx, float *l) {
    const int64_t n = last - first + 1;
    for (int h0 = 0; h0 < group; h0 += CK_ATT_HEADS_NEON) {
        const int g = group - h0 < CK_ATT_HEADS_NEON ? group - h0 : CK_ATT_HEADS_NEON;
        const float *qg = q + (int64_t)h0 * dk;
        float *sg = scores + (int64_t)h0 * n;
        for (int64_t p = first; p <= last; p++) {
            const uint8_t *k = K + p * k_stride;
            float32x4_t acc[CK_ATT_HEADS_NEON][2];
            for (int h = 0; h < g; h++) acc[h][0] = acc[h][1] = vdupq_n_f32(0.0f);
            for (int i = 0; i < dk; i += 8) {
                float32x4_t kv[2];
                ck_kv_load8_neon(k, fmt, i, kv);
                for (int h = 0; h < g; h++) {
                    const float *qh = qg + (int64_t)h * dk + i;
                    acc[h][0] = vfmaq_f32(acc[h][0], vld1q_f32(qh), kv[0]);
                    acc[h][1] = vfmaq_f32(acc[h][1], vld1q_f32(qh + 4), kv[1]);
                }
            }
            for (int h = 0; h < g; h++) sg[(int64_t)h * n + (p - first)] = vaddvq_f32(vaddq_f32(acc[h][0], acc[h][1])) * scale;
        }
    }
    ck_exp_rows_neon(scores, group, n, mx, l);
    for (int h0 = 0; h0 < group; h0 += CK_ATT_HEADS_NEON) {
        const int g = group - h0 < CK_ATT_HEADS_NEON ? group - h0 : CK_ATT_HEADS_NEON;
        for (int i = 0; i < dv; i += 8) {
            float32x4_t acc[CK_ATT_HEADS_NEON][2];
            for (int h = 0; h < g; h++) acc[h][0] = acc[h][1] = vdupq_n_f32(0.0f);
            for (int64_t p = first; p <= last; p++) {
                float32x4_t vv[2];
                ck_kv_load8_neon(V + p * v_stride, fmt, i, vv);
                for (int h = 0; h < g; h++) {
                    const float w = scores[(int64_t)(h0 + h) * n + (p - first)];
                    acc[h][0] = vfmaq_n_f32(acc[h][0], vv[0], w);
                    acc[h][1] = vfmaq_n_f32(acc[h][1], vv[1], w);
                }
            }
            for (int h = 0; h < g; h++) {
                vst1q_f32(out + (int64_t)(h0 + h) * dv + i, acc[h][0]);
                vst1q_f32(out + (int64_t)(h0 + h) * dv + i + 4, acc[h][1]);
            }
        }
    }
}

static void ck_attend_group_neon_f16(const float *q, const uint8_t *K, int64_t k_stride, const uint8_t *V,
                                     int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv,
                                     float scale, float *scores, float *out, float *mx, float *l) {
    ck_attend_group_neon(q, K, k_stride, V, v_stride, CK_KV_F16, first, last, group, dk, dv, scale, scores, out, mx, l);
}

static void ck_attend_group_neon_q8(const float *q, const uint8_t *K, int64_t k_stride, const uint8_t *V,
                                    int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv,
                                    float scale, float *scores, float *out, float *mx, float *l) {
    ck_attend_group_neon(q, K, k_stride, V, v_stride, CK_KV_Q8_0, first, last, group, dk, dv, scale, scores, out, mx, l);
}

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
            ck_attend_group_avx2_q8(q, k, k_stride, v, v_stride, first, last, group, dk, dv, scale, scores, out, mx, l);
        else
            ck_attend_group_avx2_f16(q, k, k_stride, v, v_stride, first, last, group, dk, dv, scale, scores, out, mx, l);
        return;
    }
#elif defined(CK_ARM64)
    if (isa >= CK_ISA_NEON && dk % 8 == 0 && dv % 8 == 0) {
        if (fmt == CK_KV_Q8_0)
            ck_attend_group_neon_q8(q, k, k_stride, v, v_stride, first, last, group, dk, dv, scale, scores, out, mx, l);
        else
            ck_attend_group_neon_f16(q, k, k_stride, v, v_stride, first, last, group, dk, dv, scale, scores, out, mx, l);
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
