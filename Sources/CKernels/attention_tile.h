/*
 * attention_tile.h - the prefill attention tile of attention_rows.c (its math and contract: see
 * there), written once over a level's W-lane float vectors and included once per level:
 * AVX-512 (__m512, W = 16), AVX2 (__m256, W = 8) and NEON (float32x4_t, W = 4, every arm64
 * level).
 *
 * The includer defines (and this file undefines at its end):
 *   CK_TILE(name)        the level's name of `name` (name##_avx512, name##_avx2, name##_neon)
 *   CK_TILE_INLINE       always-inline with the level's target attribute; CK_TILE_ATTR the attribute
 *   CK_TILE_V, CK_TILE_W the vector type and its lane count (4, 8 or 16: it divides 32)
 *   CK_TILE_P            score vectors per query in a pass (a pass covers P W positions, which
 *                        divide 32); CK_TILE_VN value vectors per query in a step
 *   CK_TILE_M            the type of a comparison's lane mask
 *   CK_TILE_LOAD(p) / CK_TILE_STORE(p, v) aligned (to W floats), CK_TILE_STOREU(p, v) unaligned,
 *   CK_TILE_SET1(x), CK_TILE_ZERO, CK_TILE_IOTA (lanes 0, 1, ..., W - 1), CK_TILE_ADD, CK_TILE_SUB,
 *   CK_TILE_MUL, CK_TILE_MAX, CK_TILE_FMA(a, b, c) = a b + c fused, CK_TILE_EXP (ck_exp512,
 *   ck_exp256, ck_exp_neon: the same operations), CK_TILE_HMAX(v) / CK_TILE_HSUM(v) to a float,
 *   CK_TILE_GE(a, b) / CK_TILE_LE(a, b) -> M, CK_TILE_AND(m, n), CK_TILE_SEL(m, a, b) = m ? a : b,
 *   CK_TILE_KV(row, fmt, i): elements i...i+W-1 of a cache row in format fmt (i a multiple of W),
 *   CK_TILE_TRANSPOSE(t): t[i][j] <-> t[j][i] for V t[W].
 *
 * Layout of the key block (scratch, so ck_attend_rows_scratch holds at every level):
 *   Kt [32 / W][dk][W]: slice s holds positions b0 + s W ... b0 + s W + W - 1, transposed, so a
 *   query's W scores of a slice are dk fmas of a broadcast query element against Kt rows;
 *   Vb [32][dv]: the block's values, converted. The scores go in passes of P W positions: a pass
 *   keeps 4 queries x P accumulators (AVX-512 8 of 32 registers, AVX2 8 of 16, NEON 16 of 32)
 *   plus its Kt rows; the values go VN W columns at a time (4 x VN accumulators: AVX-512 16,
 *   then single vectors for the last columns). Both are fma-throughput bound.
 */

#define CK_TILE_S (CK_ROWS_BLOCK / CK_TILE_W) /* slices per key block */
#define CK_TILE_PASS (CK_TILE_P * CK_TILE_W)  /* positions per score pass */
/* The loops over queries (QN), slices and lanes are short and constant once inlined; unrolled,
 * their accumulators stay in registers. clang unrolls them anyway; gcc -O2 does not without
 * being asked (it kept every accumulator in memory: a load and a store per fma). */
#define CK_TILE_UNROLL _Pragma("GCC unroll 16")

/* Keys b0...b0+nb-1 as Kt (slices up to the end of the last pass they reach; keys past nb zero)
 * and values as Vb[b][i], b < nb. */
CK_TILE_INLINE void CK_TILE(ck_tile_load_block)(const uint8_t *K, int64_t k_stride, const uint8_t *V, int64_t v_stride,
                                                const int fmt, int64_t b0, int nb, int dk, int dv, float *Kt, float *Vb) {
    const int slices = (nb + CK_TILE_PASS - 1) / CK_TILE_PASS * CK_TILE_P;
    for (int s = 0; s < slices; s++)
        for (int i0 = 0; i0 < dk; i0 += CK_TILE_W) {
            CK_TILE_V t[CK_TILE_W];
            CK_TILE_UNROLL
            for (int b = 0; b < CK_TILE_W; b++)
                t[b] = s * CK_TILE_W + b < nb ? CK_TILE_KV(K + (b0 + s * CK_TILE_W + b) * k_stride, fmt, i0) : CK_TILE_ZERO;
            CK_TILE_TRANSPOSE(t);
            CK_TILE_UNROLL
            for (int i = 0; i < CK_TILE_W; i++) CK_TILE_STORE(Kt + ((int64_t)s * dk + i0 + i) * CK_TILE_W, t[i]);
        }
    for (int b = 0; b < nb; b++)
        for (int i = 0; i < dv; i += CK_TILE_W) CK_TILE_STORE(Vb + (int64_t)b * dv + i, CK_TILE_KV(V + (b0 + b) * v_stride, fmt, i));
}

/* O[m] = O[m] * corr[m] + sum_b pw[b] Vb[b] for queries m0...m0+QN-1 and block positions
 * lo...hi-1, columns d...d+NV*W-1 (NV, like QN, a constant once inlined: the QN * NV
 * accumulators stay in registers). */
CK_TILE_INLINE void CK_TILE(ck_tile_values)(const ck_rows_state *st, int m0, const int QN, int d, const int NV,
                                            const CK_TILE_V corr[CK_ROWS_QUADS], int lo, int hi) {
    const int dv = st->dv;
    CK_TILE_V acc[CK_ROWS_QUADS][CK_TILE_VN];
    CK_TILE_UNROLL
    for (int j = 0; j < QN; j++)
        CK_TILE_UNROLL
        for (int t = 0; t < NV; t++) acc[j][t] = CK_TILE_MUL(CK_TILE_LOAD(st->O + (int64_t)(m0 + j) * dv + d + t * CK_TILE_W), corr[j]);
    for (int b = lo; b < hi; b++) {
        const float *vrow = st->Vb + (int64_t)b * dv + d;
        CK_TILE_V v[CK_TILE_VN];
        CK_TILE_UNROLL
        for (int t = 0; t < NV; t++) v[t] = CK_TILE_LOAD(vrow + t * CK_TILE_W);
        CK_TILE_UNROLL
        for (int j = 0; j < QN; j++) {
            const CK_TILE_V wb = CK_TILE_SET1(st->pw[j * CK_ROWS_BLOCK + b]);
            CK_TILE_UNROLL
            for (int t = 0; t < NV; t++) acc[j][t] = CK_TILE_FMA(wb, v[t], acc[j][t]);
        }
    }
    CK_TILE_UNROLL
    for (int j = 0; j < QN; j++)
        CK_TILE_UNROLL
        for (int t = 0; t < NV; t++) CK_TILE_STORE(st->O + (int64_t)(m0 + j) * dv + d + t * CK_TILE_W, acc[j][t]);
}

/* Queries m0...m0+QN-1 (QN <= 4, a constant once inlined) over the current block: scores,
 * online softmax, values. Only block positions lo...hi-1 (the union of the QN queries' ranges)
 * are read. */
CK_TILE_INLINE void CK_TILE(ck_tile_queries)(const ck_rows_state *st, int m0, const int QN) {
    const int dk = st->dk, dv = st->dv, group = st->group;
    const float *qp[CK_ROWS_QUADS];
    int64_t first[CK_ROWS_QUADS], last[CK_ROWS_QUADS];
    int lo = st->nb, hi = 0; /* block positions any of the QN queries reads: lo...hi-1 */
    for (int j = 0; j < QN; j++) {
        const int m = m0 + j, r = m / group, h = m % group;
        qp[j] = st->q + r * st->q_stride + (int64_t)h * dk;
        last[j] = st->p0 + r;
        first[j] = st->window > 0 && last[j] - st->window + 1 > 0 ? last[j] - st->window + 1 : 0;
        const int64_t a = first[j] - st->b0, b = last[j] - st->b0 + 1; /* this query's block positions a...b-1 */
        if (a < b && a < st->nb && b > 0) {
            lo = a < lo ? (a > 0 ? (int)a : 0) : lo;
            hi = b > hi ? (b < st->nb ? (int)b : st->nb) : hi;
        }
    }
    if (lo >= hi) return;

    /* scores of the passes (P W positions each) that meet lo...hi-1, times scale, into pw */
    const CK_TILE_V scale = CK_TILE_SET1(st->scale);
    for (int pass = lo / CK_TILE_PASS; pass * CK_TILE_PASS < hi; pass++) {
        CK_TILE_V acc[CK_ROWS_QUADS][CK_TILE_P];
        CK_TILE_UNROLL
        for (int j = 0; j < QN; j++)
            CK_TILE_UNROLL
            for (int t = 0; t < CK_TILE_P; t++) acc[j][t] = CK_TILE_ZERO;
        const float *kt = st->Kt + (int64_t)pass * CK_TILE_P * dk * CK_TILE_W;
        for (int i = 0; i < dk; i++) {
            CK_TILE_V k[CK_TILE_P];
            CK_TILE_UNROLL
            for (int t = 0; t < CK_TILE_P; t++) k[t] = CK_TILE_LOAD(kt + ((int64_t)t * dk + i) * CK_TILE_W);
            CK_TILE_UNROLL
            for (int j = 0; j < QN; j++) {
                const CK_TILE_V b = CK_TILE_SET1(qp[j][i]);
                CK_TILE_UNROLL
                for (int t = 0; t < CK_TILE_P; t++) acc[j][t] = CK_TILE_FMA(b, k[t], acc[j][t]);
            }
        }
        CK_TILE_UNROLL
        for (int j = 0; j < QN; j++)
            CK_TILE_UNROLL
            for (int t = 0; t < CK_TILE_P; t++)
                CK_TILE_STORE(st->pw + j * CK_ROWS_BLOCK + pass * CK_TILE_PASS + t * CK_TILE_W, CK_TILE_MUL(acc[j][t], scale));
    }

    /* online softmax: the block's weights into pw (0 outside a query's range, and at slices no
     * pass computed), the corrections of O and l */
    CK_TILE_V corr[CK_ROWS_QUADS];
    const CK_TILE_V ninf = CK_TILE_SET1(-INFINITY), zero = CK_TILE_ZERO;
    for (int j = 0; j < QN; j++) {
        const int m = m0 + j;
        float *pw = st->pw + j * CK_ROWS_BLOCK;
        if (first[j] > st->b0 + st->nb - 1 || last[j] < st->b0) {
            /* nothing of this query in the block: weights zero, O and l unchanged */
            CK_TILE_UNROLL
            for (int s = 0; s < CK_TILE_S; s++) CK_TILE_STORE(pw + s * CK_TILE_W, zero);
            corr[j] = CK_TILE_SET1(1.0f);
            continue;
        }
        /* lanes whose position is in first...last (positions are exact in f32 below 2^24);
         * those are within lo...hi-1, so every score they select was computed */
        const CK_TILE_V fv = CK_TILE_SET1((float)first[j]), lv = CK_TILE_SET1((float)last[j]);
        CK_TILE_V x[CK_TILE_S];
        CK_TILE_M valid[CK_TILE_S];
        CK_TILE_V mv = ninf;
        CK_TILE_UNROLL
        for (int s = 0; s < CK_TILE_S; s++) {
            const CK_TILE_V pos = CK_TILE_ADD(CK_TILE_IOTA, CK_TILE_SET1((float)(st->b0 + s * CK_TILE_W)));
            valid[s] = CK_TILE_AND(CK_TILE_GE(pos, fv), CK_TILE_LE(pos, lv));
            x[s] = CK_TILE_SEL(valid[s], CK_TILE_LOAD(pw + s * CK_TILE_W), ninf);
            mv = CK_TILE_MAX(mv, x[s]);
        }
        const float bmax = CK_TILE_HMAX(mv);
        const float mold = st->mx[m], mnew = bmax > mold ? bmax : mold;
        const CK_TILE_V mnv = CK_TILE_SET1(mnew);
        /* exp(-inf - mnew) for the first block: the exp clamps to exp(-88), and O and l are 0 */
        corr[j] = mold == mnew ? CK_TILE_SET1(1.0f) : CK_TILE_EXP(CK_TILE_SET1(mold - mnew));
        st->mx[m] = mnew;
        float *ls = st->lsum + (int64_t)m * 16;
        CK_TILE_V l = CK_TILE_LOAD(ls);
        CK_TILE_UNROLL
        for (int s = 0; s < CK_TILE_S; s++) {
            const CK_TILE_V p = CK_TILE_SEL(valid[s], CK_TILE_EXP(CK_TILE_SUB(x[s], mnv)), zero);
            l = s == 0 ? CK_TILE_FMA(l, corr[j], p) : CK_TILE_ADD(l, p);
            CK_TILE_STORE(pw + s * CK_TILE_W, p);
        }
        CK_TILE_STORE(ls, l);
    }

    /* values: O[m] = O[m] * corr + sum_b pw[b] Vb[b], b in lo...hi-1, VN W columns at a time */
    int d = 0;
    for (; d + CK_TILE_VN * CK_TILE_W <= dv; d += CK_TILE_VN * CK_TILE_W)
        CK_TILE(ck_tile_values)(st, m0, QN, d, CK_TILE_VN, corr, lo, hi);
    for (; d < dv; d += CK_TILE_W) CK_TILE(ck_tile_values)(st, m0, QN, d, 1, corr, lo, hi);
}

/* The tile; fmt is a constant once inlined into the two entries below. Scratch: Kt [dk * 32],
 * Vb [32][dv], O [M][dv], lsum [M][16] (W lanes used), pw [4][32], mx [M]. */
CK_TILE_INLINE void CK_TILE(ck_attend_rows_tile)(const float *q, int64_t q_stride, const uint8_t *K, int64_t k_stride,
                                                 const uint8_t *V, int64_t v_stride, const int fmt, int64_t p0, int rows,
                                                 int64_t window, int group, int dk, int dv, float scale,
                                                 const float *sinks, float *scratch, float *out, int64_t o_stride) {
    const int M = rows * group;
    ck_rows_state st;
    float *Kt = (float *)(((uintptr_t)scratch + 63) & ~(uintptr_t)63);
    float *Vb = Kt + (int64_t)dk * CK_ROWS_BLOCK;
    st.O = Vb + (int64_t)CK_ROWS_BLOCK * dv;
    st.lsum = st.O + (int64_t)M * dv;
    st.pw = st.lsum + (int64_t)M * 16;
    st.mx = st.pw + CK_ROWS_QUADS * CK_ROWS_BLOCK;
    st.q = q, st.q_stride = q_stride, st.group = group, st.dk = dk, st.dv = dv, st.scale = scale;
    st.Kt = Kt, st.Vb = Vb, st.p0 = p0, st.window = window;
    for (int m = 0; m < M; m++) st.mx[m] = -INFINITY;
    memset(st.O, 0, sizeof(float) * (size_t)M * (size_t)dv);
    memset(st.lsum, 0, sizeof(float) * (size_t)M * 16);
    const int64_t last_all = p0 + rows - 1;
    const int64_t first_all = window > 0 && p0 - window + 1 > 0 ? p0 - window + 1 : 0;
    for (int64_t b0 = first_all; b0 <= last_all; b0 += CK_ROWS_BLOCK) {
        const int nb = (int)(last_all - b0 + 1 < CK_ROWS_BLOCK ? last_all - b0 + 1 : CK_ROWS_BLOCK);
        CK_TILE(ck_tile_load_block)(K, k_stride, V, v_stride, fmt, b0, nb, dk, dv, Kt, Vb);
        st.b0 = b0, st.nb = nb;
        int m0 = 0;
        for (; m0 + CK_ROWS_QUADS <= M; m0 += CK_ROWS_QUADS) CK_TILE(ck_tile_queries)(&st, m0, CK_ROWS_QUADS);
        switch (M - m0) {
        case 3: CK_TILE(ck_tile_queries)(&st, m0, 3); break;
        case 2: CK_TILE(ck_tile_queries)(&st, m0, 2); break;
        case 1: CK_TILE(ck_tile_queries)(&st, m0, 1); break;
        default: break;
        }
    }
    for (int m = 0; m < M; m++) {
        const int r = m / group, h = m % group;
        float total = CK_TILE_HSUM(CK_TILE_LOAD(st.lsum + (int64_t)m * 16));
        if (sinks) total += expf(sinks[h] - st.mx[m]);
        const CK_TILE_V inv = CK_TILE_SET1(1.0f / total);
        for (int d = 0; d < dv; d += CK_TILE_W)
            CK_TILE_STOREU(out + r * o_stride + (int64_t)h * dv + d, CK_TILE_MUL(CK_TILE_LOAD(st.O + (int64_t)m * dv + d), inv));
    }
}

/* The two entries, one per cache format (fmt a constant in each). */
#define CK_TILE_ENTRY(name, FMT)                                                                                      \
    CK_TILE_ATTR static void CK_TILE(name)(const float *q, int64_t q_stride, const uint8_t *K, int64_t k_stride,      \
                                           const uint8_t *V, int64_t v_stride, int64_t p0, int rows, int64_t window, \
                                           int group, int dk, int dv, float scale, const float *sinks, float *scratch,  \
                                           float *out, int64_t o_stride) {                                            \
        CK_TILE(ck_attend_rows_tile)(q, q_stride, K, k_stride, V, v_stride, FMT, p0, rows, window, group, dk, dv, scale, \
                                     sinks, scratch, out, o_stride);                                                 \
    }
CK_TILE_ENTRY(ck_attend_rows_f16, CK_KV_F16)
CK_TILE_ENTRY(ck_attend_rows_q8, CK_KV_Q8_0)
#undef CK_TILE_ENTRY

#undef CK_TILE_S
#undef CK_TILE_P
#undef CK_TILE_PASS
#undef CK_TILE_VN
#undef CK_TILE_UNROLL
#undef CK_TILE
#undef CK_TILE_INLINE
#undef CK_TILE_ATTR
#undef CK_TILE_V
#undef CK_TILE_W
#undef CK_TILE_M
#undef CK_TILE_LOAD
#undef CK_TILE_STORE
#undef CK_TILE_STOREU
#undef CK_TILE_SET1
#undef CK_TILE_ZERO
#undef CK_TILE_IOTA
#undef CK_TILE_ADD
#undef CK_TILE_SUB
#undef CK_TILE_MUL
#undef CK_TILE_MAX
#undef CK_TILE_FMA
#undef CK_TILE_EXP
#undef CK_TILE_HMAX
#undef CK_TILE_HSUM
#undef CK_TILE_GE
#undef CK_TILE_LE
#undef CK_TILE_AND
#undef CK_TILE_SEL
#undef CK_TILE_KV
#undef CK_TILE_TRANSPOSE
