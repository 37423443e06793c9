/*
 * attention_rows_test.h - the prefill attention tile's checks, part of arm64_kernels_test.c
 * (included there, after its CHECK and random helpers): ck_attend_rows_kv at one level against
 * attention in double over the same cache values, for tiles of 1...40 rows, groups 1...7, head
 * sizes the tiles take (multiples of 16: 64, 128, and the odd multiples 48, 80) and one that goes
 * row by row (12/20), tiles at and away from the sequence start and across 32-position block
 * boundaries, with and without a sliding window (1, shorter and longer than the tile) and
 * attention sinks, both cache formats (q8_0 where dk and dv are multiples of 32).
 * Each call also gets: query and output rows with a stride past their width (the gap in the
 * output must stay untouched), the cache's second kv head (rows twice as wide), and scratch of
 * exactly ck_attend_rows_scratch floats, unaligned (4 bytes past 16) and full of NaN, followed by
 * guard floats that must stay untouched.
 */

/* The bound, relative to mag = sum_p w_p |v_p| (w the exact softmax weights; not |o|, which
 * cancels), from f32's unit roundoff u = 2^-24, derived for the worst case:
 * - a score is a chain of dk fmas times scale: |error| <= (dk + 1) u S, S = scale sum_i |q_i k_i|;
 *   the weights of a softmax move by at most twice the largest score error, relatively:
 *   2 (dk + 1) u Smax;
 * - each exponential (ck_exp256 / ck_exp_neon / expf, a few ulp), the division by the sum and
 *   the final product: 16 u;
 * - the sum of the weights and each output column add up at most n terms in f32: n u each;
 * - the online softmax multiplies both by a rounded exp(m_old - m_new) once per key block: 4 u per
 *   block of 32, for the weights of the positions before it (8 u per block counting both sums).
 * Typical errors are far below (the error/bound ratio is printed); a position dropped or counted
 * twice, a wrong mask or rescaling move the output by about mag / n or more. */
static double rows_worst_ratio = 0;

static void check_attention_rows(int isa) {
    static const struct { int rows, group, dk, dv, p0, window, sinks, sharp; } shapes[] = {
        {1, 1, 64, 64, 0, 0, 0, 0},      {1, 7, 128, 128, 63, 0, 1, 0},  {3, 2, 64, 64, 30, 0, 0, 0},
        {3, 7, 64, 128, 95, 16, 0, 0},   {17, 1, 128, 64, 200, 1, 0, 0}, {17, 2, 80, 80, 40, 0, 0, 0},
        {17, 7, 128, 128, 13, 0, 0, 1},  {40, 1, 128, 128, 0, 0, 0, 0},  {40, 2, 64, 64, 100, 33, 0, 0},
        {40, 2, 80, 64, 33, 0, 1, 0},    {40, 7, 64, 64, 31, 50, 1, 1},  {3, 3, 48, 16, 32, 0, 0, 0},
        {40, 6, 128, 128, 147, 0, 0, 0}, {5, 2, 12, 20, 9, 3, 0, 0},     {17, 2, 64, 64, 0, 8, 0, 1},
        {40, 2, 128, 64, 77, 0, 0, 0},
    }; /* the tiles' last key blocks hold 1, 3, 7, 8, 9, 17, 18, 21, 25, 27, 30 and 32 positions */
    const double u = 0x1p-24;
    for (size_t si = 0; si < sizeof(shapes) / sizeof(shapes[0]); si++)
        for (int fmt = CK_KV_F16; fmt <= CK_KV_Q8_0; fmt++) {
            const int rows = shapes[si].rows, g = shapes[si].group, dk = shapes[si].dk, dv = shapes[si].dv;
            const int64_t p0 = shapes[si].p0, window = shapes[si].window, np = p0 + rows;
            if (fmt == CK_KV_Q8_0 && (dk % 32 || dv % 32)) continue;
            const int64_t kb = ck_kv_row_bytes(fmt, dk), vb = ck_kv_row_bytes(fmt, dv);
            const int64_t q_stride = (int64_t)g * dk + 5, o_stride = (int64_t)g * dv + 3, scratch_n =
                ck_attend_rows_scratch(rows, g, dk, dv, np);
            /* two kv heads per cache row; the kernel reads the second */
            uint8_t *K = malloc((size_t)(2 * kb * np)), *V = malloc((size_t)(2 * vb * np));
            double *kf = malloc(sizeof(double) * (size_t)(dk * np)), *vf = malloc(sizeof(double) * (size_t)(dv * np));
            float *q = malloc(sizeof(float) * (size_t)(q_stride * rows)), *out = malloc(sizeof(float) * (size_t)(o_stride * rows));
            float *scratch_base = malloc(sizeof(float) * (size_t)(scratch_n + 1 + 64)), *scratch = scratch_base + 1;
            float row[128], dq[128], sinks[8];
            for (int64_t p = 0; p < np; p++)
                for (int head = 0; head < 2; head++) {
                    for (int i = 0; i < dk; i++) row[i] = uniform(-1, 1);
                    ck_kv_store_row(CK_ISA_REF, fmt, row, K + (2 * p + head) * kb, dk);
                    for (int i = 0; i < dv; i++) row[i] = uniform(-2, 2);
                    ck_kv_store_row(CK_ISA_REF, fmt, row, V + (2 * p + head) * vb, dv);
                }
            /* the second head's values as the kernels read them */
            for (int64_t p = 0; p < np; p++) {
                const uint8_t *kr = K + (2 * p + 1) * kb, *vr = V + (2 * p + 1) * vb;
                if (fmt == CK_KV_F16) {
                    for (int i = 0; i < dk; i++) kf[p * dk + i] = ck_h2f(((const ck_half *)kr)[i]);
                    for (int i = 0; i < dv; i++) vf[p * dv + i] = ck_h2f(((const ck_half *)vr)[i]);
                } else {
                    ck_dequantize_row_q8_0_ref(kr, dq, dk);
                    for (int i = 0; i < dk; i++) kf[p * dk + i] = dq[i];
                    ck_dequantize_row_q8_0_ref(vr, dq, dv);
                    for (int i = 0; i < dv; i++) vf[p * dv + i] = dq[i];
                }
            }
            const float qscale = shapes[si].sharp ? 8.0f : 1.0f;
            for (int64_t i = 0; i < q_stride * rows; i++) q[i] = uniform(-3, 3) * qscale;
            for (int64_t i = 0; i < o_stride * rows; i++) out[i] = 1234.5f;
            for (int h = 0; h < g; h++) sinks[h] = uniform(-2, 2);
            for (int64_t i = 0; i < scratch_n; i++) scratch[i] = NAN;
            for (int i = 0; i < 64; i++) scratch[scratch_n + i] = -777.0f;
            const float scale = 1.0f / sqrtf((float)dk);
            const float *sk = shapes[si].sinks ? sinks : NULL;
            ck_attend_rows_kv(isa, fmt, q, q_stride, K + kb, 2 * kb, V + vb, 2 * vb, p0, rows, window, g, dk, dv, scale, sk,
                              scratch, out, o_stride);
            /* blocks of 32 the tile reads (the bound's rescalings) */
            const int64_t first_all = window > 0 && p0 - window + 1 > 0 ? p0 - window + 1 : 0;
            const int64_t blocks = (np - first_all + 31) / 32;
            int bad = 0, gap = 0, guard = 0;
            double worst = 0;
            for (int r = 0; r < rows; r++) {
                const int64_t last = p0 + r, first = window > 0 && last - window + 1 > 0 ? last - window + 1 : 0;
                const int64_t n = last - first + 1;
                for (int h = 0; h < g; h++) {
                    const float *qh = q + r * q_stride + (int64_t)h * dk;
                    double s[512], m = -INFINITY, smax = 0, total = 0;
                    for (int64_t p = first; p <= last; p++) {
                        double dot = 0, mag = 0;
                        for (int i = 0; i < dk; i++) dot += (double)qh[i] * kf[p * dk + i], mag += fabs((double)qh[i] * kf[p * dk + i]);
                        s[p - first] = dot * scale;
                        m = fmax(m, s[p - first]);
                        smax = fmax(smax, mag * scale);
                    }
                    for (int64_t p = first; p <= last; p++) total += exp(s[p - first] - m);
                    if (sk) total += exp((double)sk[h] - m);
                    const double bound_u = (2.0 * (dk + 1) * smax + 2.0 * (double)n + 8.0 * (double)blocks + 16.0) * u;
                    for (int i = 0; i < dv; i++) {
                        double o = 0, mag = 0;
                        for (int64_t p = first; p <= last; p++) {
                            const double w = exp(s[p - first] - m) / total;
                            o += w * vf[p * dv + i], mag += w * fabs(vf[p * dv + i]);
                        }
                        const double err = fabs((double)out[r * o_stride + (int64_t)h * dv + i] - o), bound = bound_u * mag + 1e-30;
                        if (!(err <= bound)) bad++;
                        worst = fmax(worst, err / bound);
                    }
                }
                for (int64_t i = (int64_t)g * dv; i < o_stride; i++) gap += out[r * o_stride + i] != 1234.5f;
            }
            for (int i = 0; i < 64; i++) guard += scratch[scratch_n + i] != -777.0f;
            if (worst > rows_worst_ratio && bad == 0) rows_worst_ratio = worst;
            CHECK(bad == 0, "%s: attention rows %d group %d dk %d dv %d p0 %d window %d sinks %d sharp %d fmt %d: %d values "
                  "off (worst %.3g of the bound)", ck_isa_name(isa), rows, g, dk, dv, (int)p0, (int)window, shapes[si].sinks,
                  shapes[si].sharp, fmt, bad, worst);
            CHECK(gap == 0 && guard == 0, "%s: attention rows %d group %d dk %d dv %d p0 %d fmt %d: wrote %d floats past "
                  "the output rows, %d past the scratch", ck_isa_name(isa), rows, g, dk, dv, (int)p0, fmt, gap, guard);
            free(K), free(V), free(kf), free(vf), free(q), free(out), free(scratch_base);
        }
}
