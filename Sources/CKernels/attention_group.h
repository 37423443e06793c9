/*
 * attention_group.h - the decode attention of attention.c (one query position and its group of
 * query heads over a KV cache range; math and contract: see there), written once over an
 * eight-float step and included once per level: AVX2 (one __m256) and NEON (two float32x4, every
 * arm64 level).
 *
 * The includer defines (and this file undefines at its end):
 *   CK_G(name)           the level's name of `name` (name##_avx2, name##_neon)
 *   CK_G_INLINE          always-inline with the level's target attribute; CK_G_ATTR the attribute
 *   CK_G_V               eight floats
 *   CK_G_ZERO, CK_G_LOADU(p), CK_G_STOREU(p, v), CK_G_SET1(x), CK_G_ADD(a, b), CK_G_SUB(a, b),
 *   CK_G_FMA(a, b, c) = a b + c fused, CK_G_EXP(v) (ck_exp256, ck_exp_neon), CK_G_HSUM(v)
 *   CK_G_KV8(row, fmt, i): elements i...i+7 of a cache row in format fmt (i a multiple of 8).
 *
 * At most CK_ATT_HEADS heads of a group per pass: their accumulators stay in registers (AVX2 8
 * of 16, NEON 16 of 32).
 */

/* ck_exp_rows with the exponentials eight at a time. */
CK_G_ATTR static void CK_G(ck_exp_rows)(float *scores, int group, int64_t n, float *mx, float *l) {
    for (int h = 0; h < group; h++) {
        float *s = scores + (int64_t)h * n;
        float m = -INFINITY;
        for (int64_t i = 0; i < n; i++) m = s[i] > m ? s[i] : m;
        const CK_G_V mv = CK_G_SET1(m);
        CK_G_V tv = CK_G_ZERO;
        int64_t i = 0;
        for (; i + 8 <= n; i += 8) {
            const CK_G_V e = CK_G_EXP(CK_G_SUB(CK_G_LOADU(s + i), mv));
            CK_G_STOREU(s + i, e);
            tv = CK_G_ADD(tv, e);
        }
        float total = CK_G_HSUM(tv);
        for (; i < n; i++) {
            s[i] = expf(s[i] - m);
            total += s[i];
        }
        mx[h] = m;
        l[h] = total;
    }
}

/* fmt is a constant once inlined into the entries below, so the loops carry no format branch. */
CK_G_INLINE void CK_G(ck_attend_group)(const float *q, const uint8_t *K, int64_t k_stride, const uint8_t *V,
                                       int64_t v_stride, const int fmt, int64_t first, int64_t last, int group, int dk,
                                       int dv, float scale, float *scores, float *out, float *mx, float *l) {
    const int64_t n = last - first + 1;
    for (int h0 = 0; h0 < group; h0 += CK_ATT_HEADS) {
        const int g = group - h0 < CK_ATT_HEADS ? group - h0 : CK_ATT_HEADS;
        const float *qg = q + (int64_t)h0 * dk;
        float *sg = scores + (int64_t)h0 * n;
        for (int64_t p = first; p <= last; p++) {
            const uint8_t *k = K + p * k_stride;
            CK_G_V acc[CK_ATT_HEADS];
            for (int h = 0; h < g; h++) acc[h] = CK_G_ZERO;
            for (int i = 0; i < dk; i += 8) {
                const CK_G_V kv = CK_G_KV8(k, fmt, i);
                for (int h = 0; h < g; h++) acc[h] = CK_G_FMA(CK_G_LOADU(qg + (int64_t)h * dk + i), kv, acc[h]);
            }
            for (int h = 0; h < g; h++) sg[(int64_t)h * n + (p - first)] = CK_G_HSUM(acc[h]) * scale;
        }
    }
    CK_G(ck_exp_rows)(scores, group, n, mx, l);
    for (int h0 = 0; h0 < group; h0 += CK_ATT_HEADS) {
        const int g = group - h0 < CK_ATT_HEADS ? group - h0 : CK_ATT_HEADS;
        for (int i = 0; i < dv; i += 8) {
            CK_G_V acc[CK_ATT_HEADS];
            for (int h = 0; h < g; h++) acc[h] = CK_G_ZERO;
            for (int64_t p = first; p <= last; p++) {
                const CK_G_V vv = CK_G_KV8(V + p * v_stride, fmt, i);
                for (int h = 0; h < g; h++)
                    acc[h] = CK_G_FMA(CK_G_SET1(scores[(int64_t)(h0 + h) * n + (p - first)]), vv, acc[h]);
            }
            for (int h = 0; h < g; h++) CK_G_STOREU(out + (int64_t)(h0 + h) * dv + i, acc[h]);
        }
    }
}

/* The two entries, one per cache format. */
#define CK_G_ENTRY(name, FMT)                                                                                        \
    CK_G_ATTR static void CK_G(name)(const float *q, const uint8_t *K, int64_t k_stride, const uint8_t *V,           \
                                     int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv,       \
                                     float scale, float *scores, float *out, float *mx, float *l) {                  \
        CK_G(ck_attend_group)(q, K, k_stride, V, v_stride, FMT, first, last, group, dk, dv, scale, scores, out, mx, l); \
    }
CK_G_ENTRY(ck_attend_group_f16, CK_KV_F16)
CK_G_ENTRY(ck_attend_group_q8, CK_KV_Q8_0)
#undef CK_G_ENTRY

#undef CK_G
#undef CK_G_INLINE
#undef CK_G_ATTR
#undef CK_G_V
#undef CK_G_ZERO
#undef CK_G_LOADU
#undef CK_G_STOREU
#undef CK_G_SET1
#undef CK_G_ADD
#undef CK_G_SUB
#undef CK_G_FMA
#undef CK_G_EXP
#undef CK_G_HSUM
#undef CK_G_KV8
