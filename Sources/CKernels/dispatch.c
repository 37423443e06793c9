/*
 * dispatch.c - the kernel table: the one list of supported weight types. Indexed by ggml type
 * id, then by instruction-set level, every cell names the functions of that variant and the
 * activation layout (a row of activation_formats.c) its dot products read. An id without a
 * row is unsupported; the Swift side (QuantType, the model loader, fm bench) reads the list
 * from here. Also the process-wide default level.
 *
 * Which dot-product variants exist (a level without its own uses the next lower one):
 *   all fourteen (F32 F16 BF16 Q8_0 Q4_0 Q4_1 Q5_0 Q5_1 Q2_K Q3_K Q4_K Q5_K Q6_K MXFP4):
 *   ref, generic, AVX2, AVX-512
 *   arm64 (same slots 2, 3, plus 4): neon, dotprod (the float types' dotprod cell is neon's);
 *   i8mm repeats dotprod's dot products (arm64_neon.c, arm64_dotprod.c, arm64_float.c).
 *   arm64 cells read the plain activation formats.
 * Activation layouts: block_q8_0 / block_q8_K (Q2_K, Q3_K) / block_q8_K32 (Q4_K, Q5_K, Q6_K) /
 * f32 everywhere, except at the AVX2 level where
 * Q4_0, Q5_0 and MXFP4 take ck_q8_0a, and at the AVX-512 level where Q4_0, Q5_0, Q8_0, MXFP4 take ck_q8_0x16
 * and Q4_K, Q5_K take ck_q8_Kx, Q6_K ck_q8_K6x (block_q8_K32's values). Own matrix-matrix products (GEMMs, used from 16
 * activation rows): AVX2 Q4_0 Q5_0 MXFP4 (gemm_q8_0a.c), Q4_K Q5_K Q6_K (gemm_kq_avx2.c); AVX-512 Q4_0 Q5_0 Q8_0 MXFP4 (gemm_x16.c), Q4_K
 * Q5_K Q6_K (gemm_kq.c); arm64 i8mm Q4_0 Q5_0 Q8_0 MXFP4 Q4_K Q5_K Q6_K (arm64_i8mm.c, smmla, on the
 * plain block_q8_0 / block_q8_K32 activations). Adding a type: see the Kernels README.
 */
#include <stdatomic.h>

#include "ck_internal.h"

#define CK_ACTIVATION(row) (&ck_activation_formats[row])

#if defined(CK_X86)
#define CK_DOT_AVX2(stem) stem##_avx2
#define CK_DOT_AVX512(stem) stem##_avx512
#define CK_DOT_AVX2_Q8_0A(w) ck_vec_dot_##w##_q8_0a_avx2
#define CK_MATMUL_AVX2_Q8_0A(w) ck_matmul_##w##_g8_avx2
#define CK_MATMUL_X16(w) ck_matmul_##w##_x16_avx512
#define CK_MATMUL_KQ(w) ck_matmul_##w##_avx512
#define CK_MATMUL_KQ_AVX2(w) ck_matmul_##w##_k8_avx2
#define CK_LEVEL(isa) (isa)
#elif defined(CK_ARM64)
/* arm64: the columns of level 2 and 3 are neon and dotprod (the same slots), a fifth is i8mm.
 * Their cells name the x86 levels' activation rows, which on arm64 are the plain formats
 * (block_q8_0 quantized with NEON; activation_formats.c); only i8mm has GEMMs. */
#define CK_DOT_AVX2(stem) stem##_neon
#define CK_DOT_AVX512(stem) stem##_dotprod
#define CK_DOT_AVX2_Q8_0A(w) ck_vec_dot_##w##_q8_0_neon
#define CK_MATMUL_AVX2_Q8_0A(w) NULL
#define CK_MATMUL_X16(w) NULL
#define CK_MATMUL_KQ(w) NULL
#define CK_MATMUL_KQ_AVX2(w) NULL
#define CK_LEVEL(isa) (isa)
#define CK_ACT_SIMD(plain, x86) x86 /* on arm64 these rows are the plain formats */
/* The i8mm column: smmla pays in matrix-matrix products only, so its dot products are dotprod's;
 * the types with a GEMM (CK_I8MM_CELL_MM) add arm64_i8mm.c's. */
#define CK_I8MM_CELL(name, type, bs, bb, deq, act, stem) \
    , CK_CELL(name, type, CK_ISA_I8MM, bs, bb, deq, act, stem##_dotprod)
#define CK_I8MM_CELL_MM(name, type, bs, bb, deq, act, stem, w) \
    , CK_CELL_MM(name, type, CK_ISA_I8MM, bs, bb, deq, act, stem##_dotprod, ck_matmul_##w##_i8mm)
/* The float types gain nothing from sdot: their dotprod cells are neon's. */
#define ck_vec_dot_f32_f32_dotprod ck_vec_dot_f32_f32_neon
#define ck_vec_dot_f16_f32_dotprod ck_vec_dot_f16_f32_neon
#define ck_vec_dot_bf16_f32_dotprod ck_vec_dot_bf16_f32_neon
#else
#define CK_DOT_AVX2(stem) stem##_generic
#define CK_DOT_AVX512(stem) stem##_generic
#define CK_DOT_AVX2_Q8_0A(w) ck_vec_dot_##w##_q8_0_generic
#define CK_MATMUL_AVX2_Q8_0A(w) NULL
#define CK_MATMUL_X16(w) NULL
#define CK_MATMUL_KQ(w) NULL
#define CK_MATMUL_KQ_AVX2(w) NULL
#define CK_LEVEL(isa) CK_ISA_GENERIC
#endif
#if !defined(CK_ARM64)
#define CK_ACT_SIMD(plain, x86) x86
#define CK_I8MM_CELL(name, type, bs, bb, deq, act, stem)
#define CK_I8MM_CELL_MM(name, type, bs, bb, deq, act, stem, w)
#endif

/* One cell: the variant's dot product `dot` (and `dot_multi`), and optionally its own
 * matrix-matrix product. The arguments are expanded (through CK_CELL_MM) before `dot` is
 * pasted, so `dot` may be a macro call. */
#define CK_CELL_MM_(name, type, isa, bs, bb, deq, act, dot, mm) \
    { name, type, isa, bs, bb, CK_ACTIVATION(act), deq, dot, dot##_multi, mm }
#define CK_CELL_MM(...) CK_CELL_MM_(__VA_ARGS__)
#define CK_CELL(name, type, isa, bs, bb, deq, act, dot) CK_CELL_MM(name, type, isa, bs, bb, deq, act, dot, NULL)

/* A type with its own dot products at all four levels; ACT_* are activation format rows. */
#define CK_ROW4(...) CK_ROW4_(__VA_ARGS__) /* expands CK_*_ROWS into three arguments first */
#define CK_ROW4_(name, type, bs, bb, deq, stem, ACT_REF, ACT_AVX2, ACT_AVX512)                              \
    [type] = {                                                                                              \
        CK_CELL(name, type, CK_ISA_REF, bs, bb, deq, ACT_REF, stem##_ref),                                  \
        CK_CELL(name, type, CK_ISA_GENERIC, bs, bb, deq, ACT_REF, stem##_generic),                          \
        CK_CELL(name, type, CK_LEVEL(CK_ISA_AVX2), bs, bb, deq, CK_ACT_SIMD(ACT_REF, ACT_AVX2), CK_DOT_AVX2(stem)), \
        CK_CELL(name, type, CK_LEVEL(CK_ISA_AVX512), bs, bb, deq, CK_ACT_SIMD(ACT_REF, ACT_AVX512),          \
                CK_DOT_AVX512(stem))                                                                        \
        CK_I8MM_CELL(name, type, bs, bb, deq, ACT_AVX512, stem)                                                \
    }

/* The same with the AVX-512 level's own matrix-matrix product (gemm_x16.c's for weights `w`) and
 * the i8mm level's. */
#define CK_ROW4_MM(...) CK_ROW4_MM_(__VA_ARGS__)
#define CK_ROW4_MM_(name, type, bs, bb, deq, stem, ACT_REF, ACT_AVX2, ACT_AVX512, w)                        \
    [type] = {                                                                                              \
        CK_CELL(name, type, CK_ISA_REF, bs, bb, deq, ACT_REF, stem##_ref),                                  \
        CK_CELL(name, type, CK_ISA_GENERIC, bs, bb, deq, ACT_REF, stem##_generic),                          \
        CK_CELL(name, type, CK_LEVEL(CK_ISA_AVX2), bs, bb, deq, CK_ACT_SIMD(ACT_REF, ACT_AVX2), CK_DOT_AVX2(stem)), \
        CK_CELL_MM(name, type, CK_LEVEL(CK_ISA_AVX512), bs, bb, deq, CK_ACT_SIMD(ACT_REF, ACT_AVX512),       \
                   CK_DOT_AVX512(stem), CK_MATMUL_X16(w))                                                   \
        CK_I8MM_CELL_MM(name, type, bs, bb, deq, ACT_AVX512, stem, w)                                          \
    }

/* A k-quant with a GEMM of its own at both SIMD levels (gemm_kq_avx2.c, gemm_kq.c). */
#define CK_ROW4_KQ(...) CK_ROW4_KQ_(__VA_ARGS__)
#define CK_ROW4_KQ_(name, type, bs, bb, deq, stem, ACT_REF, ACT_AVX2, ACT_AVX512, w)                         \
    [type] = {                                                                                              \
        CK_CELL(name, type, CK_ISA_REF, bs, bb, deq, ACT_REF, stem##_ref),                                  \
        CK_CELL(name, type, CK_ISA_GENERIC, bs, bb, deq, ACT_REF, stem##_generic),                          \
        CK_CELL_MM(name, type, CK_LEVEL(CK_ISA_AVX2), bs, bb, deq, CK_ACT_SIMD(ACT_REF, ACT_AVX2),           \
                   CK_DOT_AVX2(stem), CK_MATMUL_KQ_AVX2(w)),                                                \
        CK_CELL_MM(name, type, CK_LEVEL(CK_ISA_AVX512), bs, bb, deq, CK_ACT_SIMD(ACT_REF, ACT_AVX512),       \
                   CK_DOT_AVX512(stem), CK_MATMUL_KQ(w))                                                    \
        CK_I8MM_CELL_MM(name, type, bs, bb, deq, ACT_AVX512, stem, w)                                          \
    }

/* A 32-block type whose AVX2 level takes the ck_q8_0a activations (unsigned weights); both
 * SIMD levels have their own GEMM (gemm_q8_0a.c, gemm_x16.c). */
#define CK_ROW4_Q8_0A(name, type, bb, deq, w, ACT_AVX2, ACT_AVX512)                                         \
    [type] = {                                                                                              \
        CK_CELL(name, type, CK_ISA_REF, CK_QK, bb, deq, CK_ACT_Q8_0_REF, ck_vec_dot_##w##_q8_0_ref),        \
        CK_CELL(name, type, CK_ISA_GENERIC, CK_QK, bb, deq, CK_ACT_Q8_0_REF, ck_vec_dot_##w##_q8_0_generic),\
        CK_CELL_MM(name, type, CK_LEVEL(CK_ISA_AVX2), CK_QK, bb, deq, CK_ACT_SIMD(CK_ACT_Q8_0_REF, ACT_AVX2), \
                   CK_DOT_AVX2_Q8_0A(w), CK_MATMUL_AVX2_Q8_0A(w)),                                          \
        CK_CELL_MM(name, type, CK_LEVEL(CK_ISA_AVX512), CK_QK, bb, deq, CK_ACT_SIMD(CK_ACT_Q8_0_REF, ACT_AVX512), \
                   CK_DOT_AVX512(ck_vec_dot_##w##_q8_0), CK_MATMUL_X16(w))                                  \
        CK_I8MM_CELL_MM(name, type, CK_QK, bb, deq, ACT_AVX512, ck_vec_dot_##w##_q8_0, w)              \
    }

#define CK_Q8_0_ROWS CK_ACT_Q8_0_REF, CK_ACT_Q8_0_AVX2, CK_ACT_Q8_0_AVX512
#define CK_Q8_K_ROWS CK_ACT_Q8_K_REF, CK_ACT_Q8_K_AVX2, CK_ACT_Q8_K_AVX512
#define CK_F32_ROWS CK_ACT_F32, CK_ACT_F32, CK_ACT_F32

/* Without x86 the kernel layouts are the plain formats (see activation_formats.c), so the
 * rows below name them on every platform. */
static const ck_type_kernels ck_table[CK_TYPE_ID_LIMIT][CK_ISA_COUNT] = {
    CK_ROW4("F32", CK_TYPE_F32, 1, 4, ck_dequantize_row_f32_ref, ck_vec_dot_f32_f32, CK_F32_ROWS),
    CK_ROW4("F16", CK_TYPE_F16, 1, 2, ck_dequantize_row_f16_ref, ck_vec_dot_f16_f32, CK_F32_ROWS),
    CK_ROW4_Q8_0A("Q4_0", CK_TYPE_Q4_0, sizeof(block_q4_0), ck_dequantize_row_q4_0_ref, q4_0, CK_ACT_Q8_0A_Q4_0, CK_ACT_X16_Q4_0),
    CK_ROW4("Q4_1", CK_TYPE_Q4_1, CK_QK, sizeof(block_q4_1), ck_dequantize_row_q4_1_ref, ck_vec_dot_q4_1_q8_0, CK_Q8_0_ROWS),
    CK_ROW4_Q8_0A("Q5_0", CK_TYPE_Q5_0, sizeof(block_q5_0), ck_dequantize_row_q5_0_ref, q5_0, CK_ACT_Q8_0A_Q5_0, CK_ACT_X16_Q5_0),
    CK_ROW4("Q5_1", CK_TYPE_Q5_1, CK_QK, sizeof(block_q5_1), ck_dequantize_row_q5_1_ref, ck_vec_dot_q5_1_q8_0, CK_Q8_0_ROWS),
    CK_ROW4_MM("Q8_0", CK_TYPE_Q8_0, CK_QK, sizeof(block_q8_0), ck_dequantize_row_q8_0_ref, ck_vec_dot_q8_0_q8_0,
               CK_ACT_Q8_0_REF, CK_ACT_Q8_0_AVX2, CK_ACT_X16_Q8_0, q8_0),
    CK_ROW4("Q2_K", CK_TYPE_Q2_K, CK_QK_K, sizeof(block_q2_K), ck_dequantize_row_q2_K_ref, ck_vec_dot_q2_K_q8_K, CK_Q8_K_ROWS),
    CK_ROW4("Q3_K", CK_TYPE_Q3_K, CK_QK_K, sizeof(block_q3_K), ck_dequantize_row_q3_K_ref, ck_vec_dot_q3_K_q8_K, CK_Q8_K_ROWS),
    CK_ROW4_KQ("Q4_K", CK_TYPE_Q4_K, CK_QK_K, sizeof(block_q4_K), ck_dequantize_row_q4_K_ref, ck_vec_dot_q4_K_q8_K32,
               CK_ACT_Q8_K32_REF, CK_ACT_Q8_K32_AVX2, CK_ACT_KX, q4_K),
    CK_ROW4_KQ("Q5_K", CK_TYPE_Q5_K, CK_QK_K, sizeof(block_q5_K), ck_dequantize_row_q5_K_ref, ck_vec_dot_q5_K_q8_K32,
               CK_ACT_Q8_K32_REF, CK_ACT_Q8_K32_AVX2, CK_ACT_KX, q5_K),
    CK_ROW4_KQ("Q6_K", CK_TYPE_Q6_K, CK_QK_K, sizeof(block_q6_K), ck_dequantize_row_q6_K_ref, ck_vec_dot_q6_K_q8_K32,
               CK_ACT_Q8_K32_REF, CK_ACT_Q8_K32_AVX2, CK_ACT_K6X, q6_K),
    CK_ROW4("BF16", CK_TYPE_BF16, 1, 2, ck_dequantize_row_bf16_ref, ck_vec_dot_bf16_f32, CK_F32_ROWS),
    CK_ROW4_Q8_0A("MXFP4", CK_TYPE_MXFP4, sizeof(block_mxfp4), ck_dequantize_row_mxfp4_ref, mxfp4, CK_ACT_Q8_0A_MXFP4,
                  CK_ACT_X16_MXFP4),
};

/* The row of a type id, or NULL: ids without a row have no name. */
static const ck_type_kernels *ck_row(int type) {
    if (type < 0 || type >= CK_TYPE_ID_LIMIT || !ck_table[type][CK_ISA_REF].name) return NULL;
    return ck_table[type];
}

static int ck_clamp_isa(int isa) {
    const int best = ck_detect_isa();
    if (isa < CK_ISA_REF) return CK_ISA_REF;
    return isa > best ? best : isa;
}

const ck_type_kernels *ck_kernels(int type, int isa) {
    const ck_type_kernels *row = ck_row(type);
    return row ? &row[ck_clamp_isa(isa)] : NULL;
}

static atomic_int ck_selected = -1;

int ck_select_isa(int isa) {
    const int level = ck_clamp_isa(isa);
    atomic_store_explicit(&ck_selected, level, memory_order_relaxed);
    return level;
}

int ck_selected_isa(void) {
    const int level = atomic_load_explicit(&ck_selected, memory_order_relaxed);
    return level >= 0 ? level : ck_detect_isa();
}

/* ---- sizes -------------------------------------------------------------------------------- */

int64_t ck_row_size(int type, int64_t n) {
    if (type == CK_TYPE_Q8_K) return n >= 0 && n % CK_QK_K == 0 ? ck_act_row_size_q8_K(n) : -1;
    if (type == CK_TYPE_Q8_K32) return n >= 0 && n % CK_QK_K == 0 ? ck_act_row_size_q8_K32(n) : -1;
    const ck_type_kernels *k = ck_kernels(type, CK_ISA_REF);
    if (!k || n < 0 || n % k->block_size != 0) return -1;
    return n / k->block_size * k->block_bytes;
}

int ck_activation_type(int type) {
    const ck_type_kernels *k = ck_kernels(type, CK_ISA_REF);
    return k ? k->act->value_type : -1;
}

int64_t ck_activation_row_size(int type, int isa, int64_t n) {
    const ck_type_kernels *k = ck_kernels(type, isa);
    if (!k || n < 0 || n % k->block_size != 0 || n % k->act->block_size != 0) return -1;
    return k->act->row_size(n);
}

/* ---- entry points using the selected level ------------------------------------------------ */

void ck_quantize_activation(int type, int isa, const float *x, void *xq, int64_t n) {
    const ck_type_kernels *k = ck_kernels(type, isa);
    if (k) k->act->quantize(x, xq, n);
}

int ck_dequantize_row(int type, const void *src, float *dst, int64_t n) {
    if (type == CK_TYPE_Q8_K) {
        ck_dequantize_row_q8_K_ref(src, dst, n);
        return 0;
    }
    if (type == CK_TYPE_Q8_K32) {
        ck_dequantize_row_q8_K32_ref(src, dst, n);
        return 0;
    }
    const ck_type_kernels *k = ck_kernels(type, CK_ISA_REF);
    if (!k) return -1;
    k->dequantize(src, dst, n);
    return 0;
}
