/*
 * dispatch.c - the kernel tables: for every weight type and instruction-set level, the
 * functions to use, plus the process-wide default level.
 *
 * Which dot-product variants exist (a level without its own uses the next lower one):
 *   all thirteen (F32 F16 BF16 Q8_0 Q4_0 Q4_1 Q5_0 Q5_1 Q2_K Q3_K Q4_K Q5_K Q6_K):
 *   ref, generic, AVX2, AVX-512
 * Activation layouts: block_q8_0 / block_q8_K / f32 everywhere, except at the AVX2 level where
 * Q4_0 and Q5_0 take ck_q8_0a, and at the AVX-512 level where Q4_0, Q5_0, Q8_0 take ck_q8_0x16
 * and Q4_K, Q5_K take ck_q8_Kx (same values). The
 * quantizers of every level produce the reference's values exactly.
 */
#include <stdatomic.h>

#include "ck_internal.h"

/* An activation layout: value type, block size, quantizer, dequantizer, row size. */
#define CK_ACT_F32 CK_TYPE_F32, 1, ck_copy_row_f32, ck_dequantize_row_f32_act, ck_act_row_size_f32
#define CK_ACT_Q8_0_REF CK_TYPE_Q8_0, CK_QK, ck_quantize_row_q8_0_ref, ck_dequantize_row_q8_0_ref, ck_act_row_size_q8_0
#define CK_ACT_Q8_K_REF CK_TYPE_Q8_K, CK_QK_K, ck_quantize_row_q8_K_ref, ck_dequantize_row_q8_K_ref, ck_act_row_size_q8_K

#if defined(CK_X86)
#define CK_ACT_Q8_0_AVX2 CK_TYPE_Q8_0, CK_QK, ck_quantize_row_q8_0_avx2, ck_dequantize_row_q8_0_ref, ck_act_row_size_q8_0
#define CK_ACT_Q8_0_AVX512 CK_TYPE_Q8_0, CK_QK, ck_quantize_row_q8_0_avx512, ck_dequantize_row_q8_0_ref, ck_act_row_size_q8_0
#define CK_ACT_Q8_K_AVX2 CK_TYPE_Q8_K, CK_QK_K, ck_quantize_row_q8_K_avx2, ck_dequantize_row_q8_K_ref, ck_act_row_size_q8_K
#define CK_ACT_Q8_K_AVX512 CK_TYPE_Q8_K, CK_QK_K, ck_quantize_row_q8_K_avx512, ck_dequantize_row_q8_K_ref, ck_act_row_size_q8_K
#define CK_ACT_Q8_0A(w) CK_TYPE_Q8_0, CK_QK, ck_quantize_row_q8_0a_##w, ck_dequantize_row_q8_0a, ck_act_row_size_q8_0a
#define CK_ACT_X16(w) CK_TYPE_Q8_0, CK_QK, ck_quantize_row_q8_0x16_##w, ck_dequantize_row_q8_0x16, ck_act_row_size_q8_0x16
#define CK_ACT_KX CK_TYPE_Q8_K, CK_QK_K, ck_quantize_row_q8_Kx, ck_dequantize_row_q8_Kx, ck_act_row_size_q8_Kx
#define CK_DOT_AVX2(stem) stem##_avx2
#define CK_DOT_AVX512(stem) stem##_avx512
#define CK_DOT_AVX2_Q8_0A(w) ck_vec_dot_##w##_q8_0a_avx2
#define CK_MATMUL_AVX2_Q8_0A(w) ck_matmul_##w##_g8_avx2
#define CK_MATMUL_AVX512(w) ck_matmul_##w##_x16_avx512
#define CK_MATMUL_AVX512_K(w) ck_matmul_##w##_avx512
#define CK_LEVEL(isa) (isa)
#else
#define CK_ACT_Q8_0_AVX2 CK_ACT_Q8_0_REF
#define CK_ACT_Q8_0_AVX512 CK_ACT_Q8_0_REF
#define CK_ACT_Q8_K_AVX2 CK_ACT_Q8_K_REF
#define CK_ACT_Q8_K_AVX512 CK_ACT_Q8_K_REF
#define CK_ACT_X16(w) CK_ACT_Q8_0_REF
#define CK_ACT_Q8_0A(w) CK_ACT_Q8_0_REF
#define CK_ACT_KX CK_ACT_Q8_K_REF
#define CK_DOT_AVX2(stem) stem##_generic
#define CK_DOT_AVX512(stem) stem##_generic
#define CK_DOT_AVX2_Q8_0A(w) ck_vec_dot_##w##_q8_0_generic
#define CK_MATMUL_AVX2_Q8_0A(w) NULL
#define CK_MATMUL_AVX512(w) NULL
#define CK_MATMUL_AVX512_K(w) NULL
#define CK_LEVEL(isa) CK_ISA_GENERIC
#endif

/* The activation layout arguments expand to five before CK_ENTRY_ counts its arguments. */
#define CK_ENTRY_(type, isa, bs, bb, deq, act, abs, quant, dequant, rowsize, dot) \
    { type, isa, bs, bb, act, abs, deq, quant, dequant, rowsize, dot, dot##_multi, NULL }
#define CK_ENTRY(...) CK_ENTRY_(__VA_ARGS__)
/* The same with the variant's own matrix-matrix product. */
#define CK_ENTRY_MM_(type, isa, bs, bb, deq, act, abs, quant, dequant, rowsize, dot, mm) \
    { type, isa, bs, bb, act, abs, deq, quant, dequant, rowsize, dot, dot##_multi, mm }
#define CK_ENTRY_MM(...) CK_ENTRY_MM_(__VA_ARGS__)

/* A type with its own dot products at all four levels. */
#define CK_ROW4(type, bs, bb, deq, stem, ACT_REF, ACT_AVX2, ACT_AVX512)                                     \
    {                                                                                                       \
        CK_ENTRY(type, CK_ISA_REF, bs, bb, deq, ACT_REF, stem##_ref),                                       \
        CK_ENTRY(type, CK_ISA_GENERIC, bs, bb, deq, ACT_REF, stem##_generic),                               \
        CK_ENTRY(type, CK_LEVEL(CK_ISA_AVX2), bs, bb, deq, ACT_AVX2, CK_DOT_AVX2(stem)),                    \
        CK_ENTRY(type, CK_LEVEL(CK_ISA_AVX512), bs, bb, deq, ACT_AVX512, CK_DOT_AVX512(stem)),              \
    }

/* A 32-block type whose AVX2 level takes the ck_q8_0a activations (unsigned weights). */
#define CK_ROW4_Q8_0A(type, bb, deq, w)                                                                     \
    {                                                                                                       \
        CK_ENTRY(type, CK_ISA_REF, CK_QK, bb, deq, CK_ACT_Q8_0_REF, ck_vec_dot_##w##_q8_0_ref),             \
        CK_ENTRY(type, CK_ISA_GENERIC, CK_QK, bb, deq, CK_ACT_Q8_0_REF, ck_vec_dot_##w##_q8_0_generic),     \
        CK_ENTRY_MM(type, CK_LEVEL(CK_ISA_AVX2), CK_QK, bb, deq, CK_ACT_Q8_0A(w), CK_DOT_AVX2_Q8_0A(w),     \
                    CK_MATMUL_AVX2_Q8_0A(w)),                                                               \
        CK_ENTRY_MM(type, CK_LEVEL(CK_ISA_AVX512), CK_QK, bb, deq, CK_ACT_X16(w), CK_DOT_AVX512(ck_vec_dot_##w##_q8_0), \
                    CK_MATMUL_AVX512(w)),                                                                  \
    }

enum { CK_TABLE_TYPES = 13 };

static const ck_type_kernels ck_table[CK_TABLE_TYPES][CK_ISA_COUNT] = {
    CK_ROW4(CK_TYPE_F32, 1, 4, ck_dequantize_row_f32_ref, ck_vec_dot_f32_f32, CK_ACT_F32, CK_ACT_F32, CK_ACT_F32),
    CK_ROW4(CK_TYPE_F16, 1, 2, ck_dequantize_row_f16_ref, ck_vec_dot_f16_f32, CK_ACT_F32, CK_ACT_F32, CK_ACT_F32),
    CK_ROW4(CK_TYPE_BF16, 1, 2, ck_dequantize_row_bf16_ref, ck_vec_dot_bf16_f32, CK_ACT_F32, CK_ACT_F32, CK_ACT_F32),
    {
        CK_ENTRY(CK_TYPE_Q8_0, CK_ISA_REF, CK_QK, sizeof(block_q8_0), ck_dequantize_row_q8_0_ref, CK_ACT_Q8_0_REF, ck_vec_dot_q8_0_q8_0_ref),
        CK_ENTRY(CK_TYPE_Q8_0, CK_ISA_GENERIC, CK_QK, sizeof(block_q8_0), ck_dequantize_row_q8_0_ref, CK_ACT_Q8_0_REF, ck_vec_dot_q8_0_q8_0_generic),
        CK_ENTRY(CK_TYPE_Q8_0, CK_LEVEL(CK_ISA_AVX2), CK_QK, sizeof(block_q8_0), ck_dequantize_row_q8_0_ref, CK_ACT_Q8_0_AVX2, CK_DOT_AVX2(ck_vec_dot_q8_0_q8_0)),
        CK_ENTRY_MM(CK_TYPE_Q8_0, CK_LEVEL(CK_ISA_AVX512), CK_QK, sizeof(block_q8_0), ck_dequantize_row_q8_0_ref, CK_ACT_X16(q8_0),
                    CK_DOT_AVX512(ck_vec_dot_q8_0_q8_0), CK_MATMUL_AVX512(q8_0)),
    },
    CK_ROW4_Q8_0A(CK_TYPE_Q4_0, sizeof(block_q4_0), ck_dequantize_row_q4_0_ref, q4_0),
    CK_ROW4(CK_TYPE_Q4_1, CK_QK, sizeof(block_q4_1), ck_dequantize_row_q4_1_ref, ck_vec_dot_q4_1_q8_0,
             CK_ACT_Q8_0_REF, CK_ACT_Q8_0_AVX2, CK_ACT_Q8_0_AVX512),
    CK_ROW4_Q8_0A(CK_TYPE_Q5_0, sizeof(block_q5_0), ck_dequantize_row_q5_0_ref, q5_0),
    CK_ROW4(CK_TYPE_Q5_1, CK_QK, sizeof(block_q5_1), ck_dequantize_row_q5_1_ref, ck_vec_dot_q5_1_q8_0,
             CK_ACT_Q8_0_REF, CK_ACT_Q8_0_AVX2, CK_ACT_Q8_0_AVX512),
    CK_ROW4(CK_TYPE_Q2_K, CK_QK_K, sizeof(block_q2_K), ck_dequantize_row_q2_K_ref, ck_vec_dot_q2_K_q8_K,
             CK_ACT_Q8_K_REF, CK_ACT_Q8_K_AVX2, CK_ACT_Q8_K_AVX512),
    CK_ROW4(CK_TYPE_Q3_K, CK_QK_K, sizeof(block_q3_K), ck_dequantize_row_q3_K_ref, ck_vec_dot_q3_K_q8_K,
             CK_ACT_Q8_K_REF, CK_ACT_Q8_K_AVX2, CK_ACT_Q8_K_AVX512),
    {
        CK_ENTRY(CK_TYPE_Q4_K, CK_ISA_REF, CK_QK_K, sizeof(block_q4_K), ck_dequantize_row_q4_K_ref, CK_ACT_Q8_K_REF, ck_vec_dot_q4_K_q8_K_ref),
        CK_ENTRY(CK_TYPE_Q4_K, CK_ISA_GENERIC, CK_QK_K, sizeof(block_q4_K), ck_dequantize_row_q4_K_ref, CK_ACT_Q8_K_REF, ck_vec_dot_q4_K_q8_K_generic),
        CK_ENTRY(CK_TYPE_Q4_K, CK_LEVEL(CK_ISA_AVX2), CK_QK_K, sizeof(block_q4_K), ck_dequantize_row_q4_K_ref, CK_ACT_Q8_K_AVX2, CK_DOT_AVX2(ck_vec_dot_q4_K_q8_K)),
        CK_ENTRY_MM(CK_TYPE_Q4_K, CK_LEVEL(CK_ISA_AVX512), CK_QK_K, sizeof(block_q4_K), ck_dequantize_row_q4_K_ref, CK_ACT_KX,
                    CK_DOT_AVX512(ck_vec_dot_q4_K_q8_K), CK_MATMUL_AVX512_K(q4_K)),
    },
    {
        CK_ENTRY(CK_TYPE_Q5_K, CK_ISA_REF, CK_QK_K, sizeof(block_q5_K), ck_dequantize_row_q5_K_ref, CK_ACT_Q8_K_REF, ck_vec_dot_q5_K_q8_K_ref),
        CK_ENTRY(CK_TYPE_Q5_K, CK_ISA_GENERIC, CK_QK_K, sizeof(block_q5_K), ck_dequantize_row_q5_K_ref, CK_ACT_Q8_K_REF, ck_vec_dot_q5_K_q8_K_generic),
        CK_ENTRY(CK_TYPE_Q5_K, CK_LEVEL(CK_ISA_AVX2), CK_QK_K, sizeof(block_q5_K), ck_dequantize_row_q5_K_ref, CK_ACT_Q8_K_AVX2, CK_DOT_AVX2(ck_vec_dot_q5_K_q8_K)),
        CK_ENTRY_MM(CK_TYPE_Q5_K, CK_LEVEL(CK_ISA_AVX512), CK_QK_K, sizeof(block_q5_K), ck_dequantize_row_q5_K_ref, CK_ACT_KX,
                    CK_DOT_AVX512(ck_vec_dot_q5_K_q8_K), CK_MATMUL_AVX512_K(q5_K)),
    },
    {
        CK_ENTRY(CK_TYPE_Q6_K, CK_ISA_REF, CK_QK_K, sizeof(block_q6_K), ck_dequantize_row_q6_K_ref, CK_ACT_Q8_K_REF, ck_vec_dot_q6_K_q8_K_ref),
        CK_ENTRY(CK_TYPE_Q6_K, CK_ISA_GENERIC, CK_QK_K, sizeof(block_q6_K), ck_dequantize_row_q6_K_ref, CK_ACT_Q8_K_REF, ck_vec_dot_q6_K_q8_K_generic),
        CK_ENTRY(CK_TYPE_Q6_K, CK_LEVEL(CK_ISA_AVX2), CK_QK_K, sizeof(block_q6_K), ck_dequantize_row_q6_K_ref, CK_ACT_Q8_K_AVX2, CK_DOT_AVX2(ck_vec_dot_q6_K_q8_K)),
        CK_ENTRY_MM(CK_TYPE_Q6_K, CK_LEVEL(CK_ISA_AVX512), CK_QK_K, sizeof(block_q6_K), ck_dequantize_row_q6_K_ref, CK_ACT_Q8_K_AVX512,
                    CK_DOT_AVX512(ck_vec_dot_q6_K_q8_K), CK_MATMUL_AVX512_K(q6_K)),
    },
};

/* Row of ck_table for a ggml type id, or -1. */
static int ck_table_index(int type) {
    switch (type) {
    case CK_TYPE_F32: return 0;
    case CK_TYPE_F16: return 1;
    case CK_TYPE_BF16: return 2;
    case CK_TYPE_Q8_0: return 3;
    case CK_TYPE_Q4_0: return 4;
    case CK_TYPE_Q4_1: return 5;
    case CK_TYPE_Q5_0: return 6;
    case CK_TYPE_Q5_1: return 7;
    case CK_TYPE_Q2_K: return 8;
    case CK_TYPE_Q3_K: return 9;
    case CK_TYPE_Q4_K: return 10;
    case CK_TYPE_Q5_K: return 11;
    case CK_TYPE_Q6_K: return 12;
    default: return -1;
    }
}

static int ck_clamp_isa(int isa) {
    const int best = ck_detect_isa();
    if (isa < CK_ISA_REF) return CK_ISA_REF;
    return isa > best ? best : isa;
}

const ck_type_kernels *ck_kernels(int type, int isa) {
    const int row = ck_table_index(type);
    return row < 0 ? NULL : &ck_table[row][ck_clamp_isa(isa)];
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
    const ck_type_kernels *k = ck_kernels(type, CK_ISA_REF);
    if (!k || n < 0 || n % k->block_size != 0) return -1;
    return n / k->block_size * k->block_bytes;
}

int ck_activation_type(int type) {
    const ck_type_kernels *k = ck_kernels(type, CK_ISA_REF);
    return k ? k->act_type : -1;
}

int64_t ck_activation_row_size(int type, int isa, int64_t n) {
    const ck_type_kernels *k = ck_kernels(type, isa);
    if (!k || n < 0 || n % k->block_size != 0 || n % k->act_block_size != 0) return -1;
    return k->act_row_size(n);
}

/* ---- entry points using the selected level ------------------------------------------------ */

void ck_quantize_row_q8_0(const float *x, void *y, int64_t n) {
    /* Q4_1 keeps block_q8_0 at every level, so its table has the plain quantizers. */
    ck_kernels(CK_TYPE_Q4_1, ck_selected_isa())->quantize_act(x, y, n);
}

void ck_quantize_row_q8_K(const float *x, void *y, int64_t n) {
    ck_kernels(CK_TYPE_Q6_K, ck_selected_isa())->quantize_act(x, y, n);
}

void ck_quantize_activation(int type, int isa, const float *x, void *xq, int64_t n) {
    const ck_type_kernels *k = ck_kernels(type, isa);
    if (k) k->quantize_act(x, xq, n);
}

int ck_dequantize_row(int type, const void *src, float *dst, int64_t n) {
    if (type == CK_TYPE_Q8_K) {
        ck_dequantize_row_q8_K_ref(src, dst, n);
        return 0;
    }
    const ck_type_kernels *k = ck_kernels(type, CK_ISA_REF);
    if (!k) return -1;
    k->dequantize(src, dst, n);
    return 0;
}
