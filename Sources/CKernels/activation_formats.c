/*
 * activation_formats.c - the table of activation layouts: every way an activation row (the
 * vector side of a dot product) is quantized and laid out, one row per layout.
 *
 * A weight variant in dispatch.c names the layout its dot products read; nothing else picks a
 * quantizer. The plain formats (block_q8_0, block_q8_K, block_q8_K32) have one row per instruction-set level
 * that quantizes them; every level produces the reference's values bit for bit. The kernel
 * layouts (ck_q8_0a, ck_q8_0x16, ck_q8_Kx, ck_q8_K6x; see ck_internal.h) hold those same values,
 * rearranged, and some fold in a weight type's zero point, so they have one row per type.
 */
#include "ck_internal.h"

/* The quantizers of the SIMD levels' rows: x86's own per level, arm64's NEON ones
 * (arm64_quantize.c), else the reference. */
#if defined(CK_X86)
#define CK_Q8_0_SIMD(x86) x86
#define CK_Q8_K_SIMD(x86) x86
#define CK_Q8_K32_SIMD(x86) x86
#elif defined(CK_ARM64)
#define CK_Q8_0_SIMD(x86) ck_quantize_row_q8_0_neon
#define CK_Q8_K_SIMD(x86) ck_quantize_row_q8_K_neon
#define CK_Q8_K32_SIMD(x86) ck_quantize_row_q8_K32_neon
#else
#define CK_Q8_0_SIMD(x86) ck_quantize_row_q8_0_ref
#define CK_Q8_K_SIMD(x86) ck_quantize_row_q8_K_ref
#define CK_Q8_K32_SIMD(x86) ck_quantize_row_q8_K32_ref
#endif

/* One row: name, value type, block size, quantizer, dequantizer, row size. */
#define CK_ACT(name, type, bs, quant, dequant, size) { name, type, bs, quant, dequant, size }
#define CK_ACT_Q8_0_WITH(name, quant) CK_ACT(name, CK_TYPE_Q8_0, CK_QK, quant, ck_dequantize_row_q8_0_ref, ck_act_row_size_q8_0)
#define CK_ACT_Q8_K_WITH(name, quant) CK_ACT(name, CK_TYPE_Q8_K, CK_QK_K, quant, ck_dequantize_row_q8_K_ref, ck_act_row_size_q8_K)
#define CK_ACT_Q8_K32_WITH(name, quant) \
    CK_ACT(name, CK_TYPE_Q8_K32, CK_QK_K, quant, ck_dequantize_row_q8_K32_ref, ck_act_row_size_q8_K32)

const ck_activation_format ck_activation_formats[CK_ACT_COUNT] = {
    [CK_ACT_F32] = CK_ACT("f32", CK_TYPE_F32, 1, ck_copy_row_f32, ck_dequantize_row_f32_act, ck_act_row_size_f32),
    [CK_ACT_Q8_0_REF] = CK_ACT_Q8_0_WITH("q8_0", ck_quantize_row_q8_0_ref),
    [CK_ACT_Q8_0_AVX2] = CK_ACT_Q8_0_WITH("q8_0", CK_Q8_0_SIMD(ck_quantize_row_q8_0_avx2)),
    [CK_ACT_Q8_0_AVX512] = CK_ACT_Q8_0_WITH("q8_0", CK_Q8_0_SIMD(ck_quantize_row_q8_0_avx512)),
    [CK_ACT_Q8_K_REF] = CK_ACT_Q8_K_WITH("q8_K", ck_quantize_row_q8_K_ref),
    [CK_ACT_Q8_K_AVX2] = CK_ACT_Q8_K_WITH("q8_K", CK_Q8_K_SIMD(ck_quantize_row_q8_K_avx2)),
    [CK_ACT_Q8_K_AVX512] = CK_ACT_Q8_K_WITH("q8_K", CK_Q8_K_SIMD(ck_quantize_row_q8_K_avx512)),
    [CK_ACT_Q8_K32_REF] = CK_ACT_Q8_K32_WITH("q8_K32", ck_quantize_row_q8_K32_ref),
    [CK_ACT_Q8_K32_AVX2] = CK_ACT_Q8_K32_WITH("q8_K32", CK_Q8_K32_SIMD(ck_quantize_row_q8_K32_avx2)),
    [CK_ACT_Q8_K32_AVX512] = CK_ACT_Q8_K32_WITH("q8_K32", CK_Q8_K32_SIMD(ck_quantize_row_q8_K32_avx512)),
#if defined(CK_X86)
    [CK_ACT_Q8_0A_Q4_0] = CK_ACT("q8_0a/q4_0", CK_TYPE_Q8_0, CK_QK, ck_quantize_row_q8_0a_q4_0, ck_dequantize_row_q8_0a, ck_act_row_size_q8_0a),
    [CK_ACT_Q8_0A_Q5_0] = CK_ACT("q8_0a/q5_0", CK_TYPE_Q8_0, CK_QK, ck_quantize_row_q8_0a_q5_0, ck_dequantize_row_q8_0a, ck_act_row_size_q8_0a),
    [CK_ACT_X16_Q4_0] = CK_ACT("q8_0x16/q4_0", CK_TYPE_Q8_0, CK_QK, ck_quantize_row_q8_0x16_q4_0, ck_dequantize_row_q8_0x16, ck_act_row_size_q8_0x16),
    [CK_ACT_X16_Q5_0] = CK_ACT("q8_0x16/q5_0", CK_TYPE_Q8_0, CK_QK, ck_quantize_row_q8_0x16_q5_0, ck_dequantize_row_q8_0x16, ck_act_row_size_q8_0x16),
    [CK_ACT_X16_Q8_0] = CK_ACT("q8_0x16/q8_0", CK_TYPE_Q8_0, CK_QK, ck_quantize_row_q8_0x16_q8_0, ck_dequantize_row_q8_0x16, ck_act_row_size_q8_0x16),
    [CK_ACT_Q8_0A_MXFP4] = CK_ACT("q8_0a/mxfp4", CK_TYPE_Q8_0, CK_QK, ck_quantize_row_q8_0a_mxfp4, ck_dequantize_row_q8_0a, ck_act_row_size_q8_0a),
    [CK_ACT_X16_MXFP4] = CK_ACT("q8_0x16/mxfp4", CK_TYPE_Q8_0, CK_QK, ck_quantize_row_q8_0x16_mxfp4, ck_dequantize_row_q8_0x16, ck_act_row_size_q8_0x16),
    [CK_ACT_KX] = CK_ACT("q8_Kx", CK_TYPE_Q8_K32, CK_QK_K, ck_quantize_row_q8_Kx, ck_dequantize_row_q8_Kx, ck_act_row_size_q8_Kx),
    [CK_ACT_K6X] = CK_ACT("q8_K6x", CK_TYPE_Q8_K32, CK_QK_K, ck_quantize_row_q8_K6x, ck_dequantize_row_q8_K6x, ck_act_row_size_q8_K6x),
#else
    /* Without x86 the kernel layouts stay the plain formats (arm64's SIMD cells name them, and
     * quantize them with NEON). */
    [CK_ACT_Q8_0A_Q4_0] = CK_ACT_Q8_0_WITH("q8_0", CK_Q8_0_SIMD(0)),
    [CK_ACT_Q8_0A_Q5_0] = CK_ACT_Q8_0_WITH("q8_0", CK_Q8_0_SIMD(0)),
    [CK_ACT_X16_Q4_0] = CK_ACT_Q8_0_WITH("q8_0", CK_Q8_0_SIMD(0)),
    [CK_ACT_X16_Q5_0] = CK_ACT_Q8_0_WITH("q8_0", CK_Q8_0_SIMD(0)),
    [CK_ACT_X16_Q8_0] = CK_ACT_Q8_0_WITH("q8_0", CK_Q8_0_SIMD(0)),
    [CK_ACT_Q8_0A_MXFP4] = CK_ACT_Q8_0_WITH("q8_0", CK_Q8_0_SIMD(0)),
    [CK_ACT_X16_MXFP4] = CK_ACT_Q8_0_WITH("q8_0", CK_Q8_0_SIMD(0)),
    [CK_ACT_KX] = CK_ACT_Q8_K32_WITH("q8_K32", CK_Q8_K32_SIMD(0)),
    [CK_ACT_K6X] = CK_ACT_Q8_K32_WITH("q8_K32", CK_Q8_K32_SIMD(0)),
#endif
};

/* The plain-format row each level quantizes with (the generic level uses the reference; on
 * arm64 the SIMD levels use the rows of the x86 slots, which quantize with NEON; the i8mm slot
 * exists on arm64 only). */
#if defined(CK_ARM64)
#define CK_PLAIN_I8MM(row) , row
#else
#define CK_PLAIN_I8MM(row)
#endif
static const int ck_plain_q8_0[CK_ISA_COUNT] = {CK_ACT_Q8_0_REF, CK_ACT_Q8_0_REF, CK_ACT_Q8_0_AVX2,
                                                CK_ACT_Q8_0_AVX512 CK_PLAIN_I8MM(CK_ACT_Q8_0_AVX512)};
static const int ck_plain_q8_K[CK_ISA_COUNT] = {CK_ACT_Q8_K_REF, CK_ACT_Q8_K_REF, CK_ACT_Q8_K_AVX2,
                                                CK_ACT_Q8_K_AVX512 CK_PLAIN_I8MM(CK_ACT_Q8_K_AVX512)};
static const int ck_plain_q8_K32[CK_ISA_COUNT] = {CK_ACT_Q8_K32_REF, CK_ACT_Q8_K32_REF, CK_ACT_Q8_K32_AVX2,
                                                  CK_ACT_Q8_K32_AVX512 CK_PLAIN_I8MM(CK_ACT_Q8_K32_AVX512)};

void ck_quantize_row_q8_0(const float *x, void *y, int64_t n) {
    ck_activation_formats[ck_plain_q8_0[ck_selected_isa()]].quantize(x, y, n);
}

void ck_quantize_row_q8_K(const float *x, void *y, int64_t n) {
    ck_activation_formats[ck_plain_q8_K[ck_selected_isa()]].quantize(x, y, n);
}

void ck_quantize_row_q8_K32(const float *x, void *y, int64_t n) {
    ck_activation_formats[ck_plain_q8_K32[ck_selected_isa()]].quantize(x, y, n);
}
