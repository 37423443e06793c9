/*
 * ckernels.h - quantized dot products, dequantization and matrix-vector kernels for the
 * ggml tensor types of GGUF files, with run-time CPU dispatch.
 *
 * Every weight type has
 *   - a readable reference: dequantize both operands and sum in double (`*_ref`);
 *   - a portable C version ("generic"): integer dot products per block, float accumulation;
 *   - ISA variants (AVX2/FMA/F16C, AVX-512 BW/VL/VNNI) compiled per function with
 *     __attribute__((target)), so the library itself needs no -march flags.
 * `ck_kernels(type, isa)` hands out the function table of one variant, so tests can force
 * any of them; `ck_detect_isa()` says which levels this CPU supports.
 *
 * Activations (the vector side of a dot product) are quantized first, to the format the
 * weight type pairs with, mostly as ggml pairs them:
 *   Q4_0 Q4_1 Q5_0 Q5_1 Q8_0 MXFP4 -> block_q8_0 (32 elements, f16 scale)
 *   Q2_K Q3_K                     -> block_q8_K (256 elements, f32 scale, 16-element sums)
 *   Q4_K Q5_K Q6_K                -> block_q8_K32 (256 elements, an f32 scale per 32, 16-element sums)
 *   F32 F16 BF16                  -> plain f32 (no quantization)
 * (ggml pairs Q4_1/Q5_1 with block_q8_1; we use block_q8_0 and form the block sums on the fly.
 * ggml pairs Q4_K/Q5_K/Q6_K with block_q8_K; a scale per 32 brings the logits closer to the
 * exact model at the same speed, see block_q8_K32.)
 * At the AVX-512 level Q4_0/Q5_0/Q8_0 and Q4_K/Q5_K/Q6_K take the same values in layouts of their
 * own (ck_q8_0x16, ck_q8_Kx, ck_q8_K6x): always quantize with the activation format (`act`) of the table
 * whose `vec_dot` will read the row, and size rows with its `act->row_size`.
 *
 * Type ids are ggml's (`GGML_TYPE_*`), so a GGUF tensor's type field can be passed as is.
 */
#ifndef CKERNELS_H
#define CKERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "ck_blocks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- types and instruction-set levels ------------------------------------------------- */

/** ggml type ids of the supported tensor types (plus Q8_K, the k-quant activation type, and
 *  Q8_K32, our own activation type, with an id ggml does not use). */
enum {
    CK_TYPE_F32 = 0,
    CK_TYPE_F16 = 1,
    CK_TYPE_Q4_0 = 2,
    CK_TYPE_Q4_1 = 3,
    CK_TYPE_Q5_0 = 6,
    CK_TYPE_Q5_1 = 7,
    CK_TYPE_Q8_0 = 8,
    CK_TYPE_Q2_K = 10,
    CK_TYPE_Q3_K = 11,
    CK_TYPE_Q4_K = 12,
    CK_TYPE_Q5_K = 13,
    CK_TYPE_Q6_K = 14,
    CK_TYPE_Q8_K = 15,
    CK_TYPE_BF16 = 30,
    CK_TYPE_MXFP4 = 39,
    CK_TYPE_Q8_K32 = 1015,
};

/** Type ids are below this bound (ggml's ids so far); `ck_kernels` is NULL for unsupported ids. */
#define CK_TYPE_ID_LIMIT 40

/** Kernel variants, from slowest to fastest. Each level needs the CPU features of its name.
 *  Levels 0 and 1 are the same everywhere; the SIMD levels above them are per architecture and
 *  share the numbers: x86-64 has avx2 (2) and avx512 (3), arm64 neon (2), dotprod (3) and
 *  i8mm (4). `CK_ISA_COUNT` is the number of levels of the architecture compiled for. */
enum {
    CK_ISA_REF = 0,     /**< readable reference (double accumulation), any CPU */
    CK_ISA_GENERIC = 1, /**< portable C, any CPU */
    CK_ISA_AVX2 = 2,    /**< x86-64 AVX2 + FMA + F16C */
    CK_ISA_AVX512 = 3,  /**< x86-64 AVX-512 F/BW/VL + VNNI (+ AVX2/FMA/F16C) */
    CK_ISA_NEON = 2,    /**< arm64 Advanced SIMD (every aarch64 CPU) */
    CK_ISA_DOTPROD = 3, /**< arm64 with the int8 dot product (sdot/udot, FEAT_DotProd) */
    CK_ISA_I8MM = 4,    /**< arm64 with dotprod and the int8 matrix multiply (smmla, FEAT_I8MM) */
#if defined(__aarch64__) || defined(_M_ARM64)
    CK_ISA_COUNT = 5,
#else
    CK_ISA_COUNT = 4,
#endif
};

/** Most activation rows one `ck_vec_dot_multi_fn` call handles. */
#define CK_MAX_NX 8

/** Dequantizes n elements (a multiple of the block size) of one row to f32. */
typedef void (*ck_dequantize_fn)(const void *src, float *dst, int64_t n);
/** Quantizes n f32 elements (a multiple of the block size) of one activation row. */
typedef void (*ck_quantize_fn)(const float *src, void *dst, int64_t n);
/** Dot product of one weight row with one quantized activation row of n elements. */
typedef float (*ck_vec_dot_fn)(int64_t n, const void *w, const void *x);
/**
 * Dot products of one weight row with nx (1...CK_MAX_NX) activation rows that lie x_stride
 * bytes apart: out[j] = dot(w, x + j * x_stride). Each weight block is decoded once for all
 * nx rows (the prefill path).
 */
typedef void (*ck_vec_dot_multi_fn)(int64_t n, const void *w, const void *x, size_t x_stride,
                                    int nx, float *out);

/**
 * A matrix-matrix product over weight rows [row_begin, row_end) (see `ck_matmul_ex`) that a
 * variant implements itself: the same exact integer block sums as its `vec_dot_multi`, scaled
 * the same way in f32; the GEMMs (AVX-512: gemm_x16.c, gemm_kq.c; AVX2: gemm_q8_0a.c,
 * gemm_kq_avx2.c; arm64 i8mm: arm64_i8mm.c) add the block terms in another order, so their results are within the dot products' tolerance, not
 * bit-equal.
 * A row's result never depends on [row_begin, row_end) or nx (pooled == single-threaded).
 */
typedef void (*ck_matmul_rows_fn)(const void *W, size_t row_stride, int64_t cols, const void *X, size_t x_stride,
                                  int64_t nx, float *Y, int64_t y_stride, int64_t row_begin, int64_t row_end);

/** Bytes of one activation row of n elements in a variant's activation layout. */
typedef int64_t (*ck_row_size_fn)(int64_t n);

/**
 * An activation layout: how an activation row is quantized and laid out for the dot products
 * that read it (one row of the table in activation_formats.c). The values are always those of
 * the reference quantizer of `value_type`; kernel layouts only rearrange them.
 */
typedef struct ck_activation_format {
    const char *name;             /**< "q8_0", "q8_K", "q8_K32", "f32", or a kernel layout ("q8_0x16/q5_0"...) */
    int value_type;               /**< the values: CK_TYPE_Q8_0, CK_TYPE_Q8_K, CK_TYPE_Q8_K32 or CK_TYPE_F32 */
    int block_size;               /**< elements per activation block (32, 256 or 1) */
    ck_quantize_fn quantize;      /**< f32 -> an activation row in this layout */
    ck_dequantize_fn dequantize;  /**< an activation row in this layout -> f32 */
    ck_row_size_fn row_size;      /**< bytes of an activation row of n elements */
} ck_activation_format;

/**
 * The kernels of one weight type at one instruction-set level (a cell of the table in
 * dispatch.c, which is the one list of supported types).
 *
 * Activation rows must be produced by `act->quantize` and sized by `act->row_size`: at the
 * AVX-512 level some types use their own activation layout (the same quantized values as the
 * reference, rearranged for the kernel; see ck_internal.h).
 */
typedef struct ck_type_kernels {
    const char *name;      /**< ggml's name of the weight type: "Q4_K", "F32"... */
    int type;              /**< weight type id (CK_TYPE_*) */
    int isa;               /**< the level the dot products were built for (may be below the request) */
    int block_size;        /**< elements per weight block */
    int block_bytes;       /**< bytes per weight block */
    const ck_activation_format *act;   /**< the activation layout the dot products read */
    ck_dequantize_fn dequantize;       /**< weights -> f32 (the reference; exact) */
    ck_vec_dot_fn vec_dot;             /**< one weight row . one activation row */
    ck_vec_dot_multi_fn vec_dot_multi; /**< one weight row . up to CK_MAX_NX activation rows */
    ck_matmul_rows_fn matmul_rows;     /**< the variant's own matrix-matrix product, or NULL */
} ck_type_kernels;

/* ---- CPU features and dispatch (dispatch.c, cpu.c) ------------------------------------ */

/** The fastest level this CPU and OS support (cpuid), detected once. */
int ck_detect_isa(void);
/** Whether `isa` can run here. */
int ck_isa_supported(int isa);
/** A short name: "ref", "generic", then "avx2", "avx512" (x86-64) or "neon", "dotprod", "i8mm" (arm64). */
const char *ck_isa_name(int isa);
/**
 * Sets the level `ck_matvec`/`ck_matmul`/`ck_quantize_activation` use by default (initially
 * `ck_detect_isa()`), clamped to what the CPU supports; returns the level now selected.
 */
int ck_select_isa(int isa);
/** The level selected by `ck_select_isa`. */
int ck_selected_isa(void);
/** The kernels of weight type `type` at level `isa` (clamped), or NULL for an unsupported type. */
const ck_type_kernels *ck_kernels(int type, int isa);
/** Number of physical cores available to this process (at least 1). */
int ck_physical_core_count(void);
/** Number of logical CPUs available to this process (at least 1). */
int ck_logical_cpu_count(void);
/** A spin-wait hint (`pause` on x86). */
void ck_cpu_relax(void);
/** Weight rows a decode product (`ck_matvec_ex`, `ck_matmul_ex` under 16 rows) prefetches ahead
 * of the row it computes: 2 on Intel CPUs, 0 (the hardware prefetcher alone) elsewhere. */
int ck_prefetch_rows(void);

/* ---- checksums (sha256.c) -------------------------------------------------------------- */

/**
 * Runs the SHA-256 compression function (FIPS 180-4) over `blocks` whole 64-byte blocks of
 * `data`, updating the 8 words of `state`. The SHA extensions run where the CPU has them unless
 * `portable` is nonzero (tests compare both).
 */
void ck_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks, int portable);
/** 1 when `ck_sha256_blocks` can use the SHA extensions on this CPU, else 0. */
int ck_sha256_accelerated(void);

/* ---- sizes ---------------------------------------------------------------------------- */

/** Bytes of a row of n elements of `type`; -1 if the type is unsupported or n is not a multiple of its block. */
int64_t ck_row_size(int type, int64_t n);
/** The activation type weights of `type` pair with, or -1. */
int ck_activation_type(int type);
/** Bytes of one activation row of n elements for weights of `type` at level `isa`; -1 when invalid. */
int64_t ck_activation_row_size(int type, int isa, int64_t n);

/* ---- activation quantization (q8_0.c, q8_K.c, q8_K32.c) -------------------------------- */

/** f32 -> block_q8_0: d = max|x| / 127, q = round(x / d) (half away from zero), d stored as f16. */
void ck_quantize_row_q8_0_ref(const float *x, void *y, int64_t n);
/** The same result as `ck_quantize_row_q8_0_ref`, bit for bit, with the selected ISA. */
void ck_quantize_row_q8_0(const float *x, void *y, int64_t n);
/** f32 -> block_q8_K: d = max|x| / 127 (f32), q = round(x / d), bsums = sums of 16 q. */
void ck_quantize_row_q8_K_ref(const float *x, void *y, int64_t n);
/** The same result as `ck_quantize_row_q8_K_ref`, bit for bit, with the selected ISA. */
void ck_quantize_row_q8_K(const float *x, void *y, int64_t n);
/** f32 -> block_q8_K32: per 32 elements d = max|x| / 127 (f32), q = round(x / d); bsums = sums of 16 q. */
void ck_quantize_row_q8_K32_ref(const float *x, void *y, int64_t n);
/** The same result as `ck_quantize_row_q8_K32_ref`, bit for bit, with the selected ISA. */
void ck_quantize_row_q8_K32(const float *x, void *y, int64_t n);
/** Quantizes activations for weights of `type` at level `isa`, in that level's layout (a plain copy
 *  for F32/F16/BF16). */
void ck_quantize_activation(int type, int isa, const float *x, void *xq, int64_t n);

/* ---- reference dequantization (one per type; exact) ----------------------------------- */

void ck_dequantize_row_f32_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_f16_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_bf16_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q4_0_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q4_1_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q5_0_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q5_1_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q8_0_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_mxfp4_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q2_K_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q3_K_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q4_K_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q5_K_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q6_K_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q8_K_ref(const void *src, float *dst, int64_t n);
void ck_dequantize_row_q8_K32_ref(const void *src, float *dst, int64_t n);
/** Dequantizes a row of any supported type (the reference); returns 0, or -1 for an unsupported type. */
int ck_dequantize_row(int type, const void *src, float *dst, int64_t n);

/* ---- dot products: reference and portable C (the ISA variants are reached via ck_kernels) */

float ck_vec_dot_f32_f32_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_f32_f32_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_f16_f32_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_f16_f32_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_bf16_f32_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_bf16_f32_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_q4_0_q8_0_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_q4_0_q8_0_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_q4_1_q8_0_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_q4_1_q8_0_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_q5_0_q8_0_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_q5_0_q8_0_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_q5_1_q8_0_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_q5_1_q8_0_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_q8_0_q8_0_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_q8_0_q8_0_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_mxfp4_q8_0_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_mxfp4_q8_0_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_q2_K_q8_K_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_q2_K_q8_K_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_q3_K_q8_K_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_q3_K_q8_K_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_q4_K_q8_K32_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_q4_K_q8_K32_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_q5_K_q8_K32_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_q5_K_q8_K32_generic(int64_t n, const void *w, const void *x);
float ck_vec_dot_q6_K_q8_K32_ref(int64_t n, const void *w, const void *x);
float ck_vec_dot_q6_K_q8_K32_generic(int64_t n, const void *w, const void *x);

/* ---- matrix kernels (matvec.c) -------------------------------------------------------- */

/**
 * y[r] = dot(W[r], xq) for r in [row_begin, row_end), with the selected ISA.
 * W: [rows, cols] of `type`, rows dense (ck_row_size(type, cols) bytes apart);
 * xq: one activation row quantized for `type` at the selected level (ck_quantize_activation);
 * y: [rows].
 * A thread pool splits [0, rows) into ranges and calls this once per range.
 */
void ck_matvec(int type, const void *W, int64_t rows, int64_t cols, const void *xq, float *y,
               int64_t row_begin, int64_t row_end);
/** `ck_matvec` with explicit kernels and a row stride in bytes (>= the row size). */
void ck_matvec_ex(const ck_type_kernels *k, const void *W, size_t row_stride, int64_t cols,
                  const void *xq, float *y, int64_t row_begin, int64_t row_end);
/** Fewest activation rows for which `ck_matmul_ex` runs a variant's own GEMM (which decodes 16
 * weight rows into a panel first: it pays off over enough activation rows, measured at 8-16 for
 * the 32-block types, 16 for the k-quants); fewer stream the weights once, as a decode step. */
enum { CK_GEMM_MIN_NX = 16 };
/**
 * Batched prefill: Y[j][r] = dot(W[r], X[j]) for the nx activation rows X and rows r in
 * [row_begin, row_end), with the selected ISA. X: [nx] quantized rows, dense; Y: [nx, rows].
 * From 16 activation rows, a variant with its own GEMM (`matmul_rows`) runs it; otherwise
 * rows are taken in small tiles and activations CK_MAX_NX at a time, so each weight block is
 * decoded once per group of activations and stays in L1 across the groups.
 */
void ck_matmul(int type, const void *W, int64_t rows, int64_t cols, const void *X, int64_t nx,
               float *Y, int64_t row_begin, int64_t row_end);
/** `ck_matmul` with explicit kernels and strides: X rows x_stride bytes apart, Y rows y_stride floats apart. */
void ck_matmul_ex(const ck_type_kernels *k, const void *W, size_t row_stride, int64_t cols,
                  const void *X, size_t x_stride, int64_t nx, float *Y, int64_t y_stride,
                  int64_t row_begin, int64_t row_end);

/**
 * The instruction-set level of the code a product over nx activation rows runs for `type` at
 * level `isa` (nx == 1: ck_matvec's dot; more: ck_matmul's multi-row dot or the variant's own
 * GEMM): the lowest level whose table cell holds that function, so a cell that borrows a lower
 * level's function reports that level. -1 for an unsupported type or nx < 1.
 */
int ck_product_isa(int type, int isa, int64_t nx);

/** Reads n bytes as fast as memory allows and returns their 64-bit sum (a bandwidth baseline). */
uint64_t ck_stream_read(const void *p, size_t n);

/* ---- attention over an f16 KV cache (attention.c) -------------------------------------- */

/**
 * Attention of one query position for one key/value head and the `group` query heads that read
 * it: q is [group * dk] f32; key row p at K + p * k_stride halves, value row p at
 * V + p * v_stride; positions first...last inclusive; scores is scratch of
 * group * (last - first + 1) floats; out is [group * dv]. Uses `isa` (clamped to the CPU).
 */
/**
 * The gate of a gated feed-forward network: gate[i] = act(gate[i]) * up[i] for i < n, act being
 * GELU (tanh approximation) when `gelu` is non-zero, else SiLU; both computed as
 * x / (1 + exp(-a(x))). AVX2 from that level up and NEON on arm64 (about 2 ulp), else libm.
 */
void ck_gated_activation(int isa, int gelu, float *gate, const float *up, int64_t n);
/** SiLU in place: x[i] = x[i] / (1 + exp(-x[i])) for i < n (ck_gated_activation's SiLU kernels without `up`). */
void ck_silu(int isa, float *x, int64_t n);

void ck_attend_group(int isa, const float *q, const ck_half *K, int64_t k_stride, const ck_half *V, int64_t v_stride,
                     int64_t first, int64_t last, int group, int dk, int dv, float scale, float *scores, float *out);
/**
 * ck_attend_group before its division (one part of a split range): out [group * dv] holds
 * sum_p exp(s[h][p] - mx[h]) V[p], mx [group] the scores' maxima, l [group] the sums of the
 * exponentials.
 */
void ck_attend_group_partial(int isa, const float *q, const ck_half *K, int64_t k_stride, const ck_half *V,
                             int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv, float scale,
                             float *scores, float *out, float *mx, float *l);
/**
 * Joins `parts` results of ck_attend_group_partial over consecutive ranges into the attention
 * over their union. Part c is at slots + c * slot_width: out [group * dv], then mx [group], then
 * l [group]. Writes out [group * dv]. `sinks` (NULL: none) are one logit per query head that
 * joins the softmax's denominator only (gpt-oss's attention sinks).
 */
void ck_attend_merge(int parts, int group, int dv, const float *slots, int64_t slot_width, const float *sinks,
                     float *out);
/**
 * Prefill attention (attention_rows.c): `rows` consecutive query positions p0...p0+rows-1 of one
 * sequence for one kv head, each over positions max(0, p - window + 1)...p (window 0: from 0).
 * Query row r at q + r * q_stride ([group * dk] f32), output row r at out + r * o_stride
 * ([group * dv]); keys and values as for ck_attend_group. `scratch` holds at least
 * ck_attend_rows_scratch(rows, group, dk, dv, p0 + rows) floats. A tile (online softmax over
 * blocks of 32 keys) at AVX-512, AVX2 and every arm64 level from neon when dk and dv are
 * multiples of 16, else ck_attend_group per row.
 */
void ck_attend_rows(int isa, const float *q, int64_t q_stride, const ck_half *K, int64_t k_stride, const ck_half *V,
                    int64_t v_stride, int64_t p0, int rows, int64_t window, int group, int dk, int dv, float scale,
                    float *scratch, float *out, int64_t o_stride);
/** The scratch floats ck_attend_rows needs for a tile ending at position `positions` - 1. */
int64_t ck_attend_rows_scratch(int rows, int group, int dk, int dv, int64_t positions);
/** KV cache row formats: IEEE halves, or block_q8_0 (34 bytes per 32 elements: f16 d, 32 int8). */
enum { CK_KV_F16 = 0, CK_KV_Q8_0 = 1 };
/** Bytes of one block_q8_0 (the CK_KV_Q8_0 format's block). */
#define CK_KV_Q8_0_BLOCK_BYTES 34
/** Bytes of a cache row of n elements in format fmt (n a multiple of 32 for CK_KV_Q8_0). */
int64_t ck_kv_row_bytes(int fmt, int64_t n);
/** Stores n floats as a cache row in format fmt (f16 by ck_f32_to_f16_row, q8_0 by ck_quantize_row_q8_0). */
void ck_kv_store_row(int isa, int fmt, const float *src, void *dst, int64_t n);
/**
 * ck_attend_group and ck_attend_group_partial over a cache in format fmt: K and V are this kv
 * head's first element in row 0, k_stride and v_stride the rows' strides in bytes. ck_attend_kv
 * takes `sinks` (NULL: none): one logit per query head of the group in the softmax's denominator
 * only, w[h][p] = exp(s[h][p]) / (sum_p' exp(s[h][p']) + exp(sinks[h])).
 */
void ck_attend_kv(int isa, int fmt, const float *q, const void *K, int64_t k_stride, const void *V, int64_t v_stride,
                  int64_t first, int64_t last, int group, int dk, int dv, float scale, const float *sinks, float *scores,
                  float *out);
void ck_attend_kv_partial(int isa, int fmt, const float *q, const void *K, int64_t k_stride, const void *V,
                          int64_t v_stride, int64_t first, int64_t last, int group, int dk, int dv, float scale,
                          float *scores, float *out, float *mx, float *l);
/** ck_attend_rows over a cache in format fmt (strides in bytes, as ck_attend_kv), with the
 *  group's attention sinks as ck_attend_kv takes them (NULL: none). */
void ck_attend_rows_kv(int isa, int fmt, const float *q, int64_t q_stride, const void *K, int64_t k_stride,
                       const void *V, int64_t v_stride, int64_t p0, int rows, int64_t window, int group, int dk, int dv,
                       float scale, const float *sinks, float *scratch, float *out, int64_t o_stride);
/** n floats -> IEEE binary16 bits, round to nearest even (F16C where `isa` allows). */
void ck_f32_to_f16_row(int isa, const float *src, ck_half *dst, int64_t n);

/* ---- the gated delta rule (delta_rule.c) --------------------------------------------- */

/**
 * The gated delta rule of one head over n consecutive positions t (Qwen3.5's Gated DeltaNet):
 * with the state M ([s][s], row j = value index j, column i = key index i),
 *
 *     M <- exp(g_t) M;  d = beta_t (v_t - M k_t);  M <- M + d k_t^T;  out_t = M q_t / sqrt(s)
 *
 * q_t and k_t at q + t * qk_stride and k + t * qk_stride, v_t at v + t * v_stride ([s] each),
 * g_t and beta_t at g[t * gate_stride] and beta[t * gate_stride], out_t at out + t * o_stride.
 * `chunk` 0: that recurrence position by position. `chunk` > 0: the chunked (WY) form, chunks of
 * that many positions (at most 64; the last one shorter): within a chunk, with G_t the sum of
 * g up to t, the corrections D solve (I + A) D = beta (V - exp(G) K M^T) with A[t][u] =
 * beta_t exp(G_t - G_u) k_t.k_u (u < t); the outputs are exp(G) Q M^T + (exp(G_t - G_u) q_t.k_u)
 * D (u <= t), and the state exp(G_last) M + sum_u exp(G_last - G_u) d_u k_u^T. Equal to the
 * recurrence up to rounding. Uses `isa` (clamped to the CPU).
 */
void ck_delta_rule(int isa, int64_t n, int s, const float *q, const float *k, int64_t qk_stride, const float *v,
                   int64_t v_stride, const float *g, const float *beta, int64_t gate_stride, float *state, float *out,
                   int64_t o_stride, int chunk);
/** The largest chunk ck_delta_rule takes. */
#define CK_DELTA_RULE_MAX_CHUNK 64

/* ---- half-precision helpers (exact, portable) ----------------------------------------- */

/** IEEE binary16 bits -> f32 (exact; subnormals, infinities and NaNs kept). */
float ck_fp16_to_fp32(ck_half h);
/** f32 -> IEEE binary16 bits, round to nearest even (NaN -> quiet NaN). */
ck_half ck_fp32_to_fp16(float f);
/** bfloat16 bits -> f32 (exact). */
float ck_bf16_to_fp32(ck_bf16 h);
/** f32 -> bfloat16 bits, round to nearest even (NaN -> quiet NaN). */
ck_bf16 ck_fp32_to_bf16(float f);

#ifdef __cplusplus
}
#endif

#endif /* CKERNELS_H */
