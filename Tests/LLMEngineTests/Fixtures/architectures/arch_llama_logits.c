/*
 * arch_llama_logits.c - llama.cpp's (libllama's) logits for the architecture fixtures, read by
 * make_arch_fixtures.py beside this file (its `reference` subcommand builds and runs this program;
 * nothing else needs it). Not part of the package.
 *
 *   arch_llama_logits MODEL.gguf JOBS.txt [THREADS]
 *
 * JOBS.txt, one job a line:
 *   probes ID ID ...                       the token ids whose logits every position reports
 *   run NAME N_CTX ID ID ...               decode the ids as one batch into a fresh context of
 *                                          N_CTX tokens, logits requested for every position
 *   greedy NAME N_CTX N_GEN ID ID ...      decode the prompt as one batch, then N_GEN greedy
 *                                          steps (argmax), one token per llama_decode, KV cache
 *
 * Output on stdout, one JSON object a line:
 *   {"run": NAME, "n_ctx": llama_n_ctx(ctx), "positions": [{"top": [[id, logit], ...20],
 *    "probes": [...], "max": x, "min": y[, "experts": [[id, ...n_used] per layer]]}, ...]}
 *   (`experts`, for a mixture of experts: the experts llama.cpp chose for the position in each
 *   layer, best first, read from the graph's `ffn_moe_topk-<layer>` tensors through cb_eval)
 *   {"greedy": NAME, "n_ctx": N, "tokens": [...], "margins": [...]}   margin = top1 - top2 logit
 *
 * Model parameters: llama.cpp's defaults except use_extra_bufts = false (the AMX repacking path
 * segfaults on this machine) and CPU only. Context parameters: defaults (F16 K/V cache, flash
 * attention "auto") except n_ctx, n_batch/n_ubatch (the whole prompt in one ubatch) and threads.
 * llama.cpp's log is silenced except errors.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "llama.h"

#define TOP_K 20
#define MAX_TOKENS 4096
#define MAX_PROBES 256

static void quiet(enum ggml_log_level level, const char *text, void *user) {
    (void)user;
    if (level == GGML_LOG_LEVEL_ERROR) fputs(text, stderr);
}

/* The TOP_K largest logits, by logit descending, then id ascending. */
static int top_k(const float *logits, int n_vocab, int *ids, float *vals) {
    int n = 0;
    for (int i = 0; i < n_vocab; i++) {
        const float v = logits[i];
        if (n == TOP_K && !(v > vals[TOP_K - 1])) continue;
        int j = n < TOP_K ? n++ : TOP_K - 1;
        while (j > 0 && v > vals[j - 1]) { vals[j] = vals[j - 1]; ids[j] = ids[j - 1]; j--; }
        vals[j] = v; ids[j] = i;
    }
    return n;
}

/* The expert choices of the last decode: `ffn_moe_topk-<layer>`, I32 [n_used, n_tokens]
 * (possibly a strided view), copied as the graph computes it. */
#define MAX_LAYERS 64
#define MAX_USED 16
static int32_t routing[MAX_LAYERS][MAX_TOKENS][MAX_USED];
static int routing_layers = 0, routing_used = 0;

static bool observe(struct ggml_tensor *t, bool ask, void *user) {
    (void)user;
    int layer = -1;
    if (sscanf(t->name, "ffn_moe_topk-%d", &layer) != 1 || layer < 0 || layer >= MAX_LAYERS) return !ask;
    if (ask) return true;
    if (t->type != GGML_TYPE_I32 || t->ne[0] > MAX_USED || t->ne[1] > MAX_TOKENS || !t->buffer ||
        !ggml_backend_buffer_is_host(t->buffer)) {
        fprintf(stderr, "unexpected %s\n", t->name);
        exit(1);
    }
    for (int64_t j = 0; j < t->ne[1]; j++)
        for (int64_t i = 0; i < t->ne[0]; i++)
            routing[layer][j][i] = *(const int32_t *)((const char *)t->data + j * t->nb[1] + i * t->nb[0]);
    if (layer + 1 > routing_layers) routing_layers = layer + 1;
    routing_used = (int)t->ne[0];
    return true;
}

static struct llama_context *make_context(struct llama_model *model, int n_ctx, int n_batch, int threads) {
    struct llama_context_params cp = llama_context_default_params();
    cp.n_ctx = (uint32_t)n_ctx;
    cp.n_batch = cp.n_ubatch = (uint32_t)n_batch;
    cp.n_threads = cp.n_threads_batch = threads;
    cp.no_perf = true;
    cp.cb_eval = observe;
    cp.cb_eval_user_data = NULL;
    return llama_init_from_model(model, cp);
}

static int parse_ids(char *p, llama_token *out, int max) {
    int n = 0;
    for (char *end; n < max; p = end) {
        long v = strtol(p, &end, 10);
        if (end == p) break;
        out[n++] = (llama_token)v;
    }
    return n;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s MODEL.gguf JOBS.txt [THREADS]\n", argv[0]);
        return 2;
    }
    const int threads = argc > 3 ? atoi(argv[3]) : 2;
    llama_log_set(quiet, NULL);
    llama_backend_init();

    struct llama_model_params mp = llama_model_default_params();
    mp.use_extra_bufts = false;
    mp.n_gpu_layers = 0;
    struct llama_model *model = llama_model_load_from_file(argv[1], mp);
    if (!model) { fprintf(stderr, "cannot load %s\n", argv[1]); return 1; }
    const int n_vocab = llama_vocab_n_tokens(llama_model_get_vocab(model));

    FILE *in = fopen(argv[2], "r");
    if (!in) { fprintf(stderr, "cannot open %s\n", argv[2]); return 1; }

    static char line[1 << 20];
    static llama_token tokens[MAX_TOKENS], probes[MAX_PROBES];
    int n_probes = 0;
    int ids[TOP_K];
    float vals[TOP_K];

    while (fgets(line, sizeof line, in)) {
        char kind[32], name[128];
        int consumed = 0;
        if (sscanf(line, "%31s%n", kind, &consumed) != 1) continue;
        char *rest = line + consumed;

        if (strcmp(kind, "probes") == 0) {
            n_probes = parse_ids(rest, probes, MAX_PROBES);
            continue;
        }
        if (strcmp(kind, "run") == 0) {
            int n_ctx_req = 0, c2 = 0;
            if (sscanf(rest, "%127s %d%n", name, &n_ctx_req, &c2) != 2) { fprintf(stderr, "bad run line\n"); return 1; }
            const int n = parse_ids(rest + c2, tokens, MAX_TOKENS);
            struct llama_context *ctx = make_context(model, n_ctx_req, n, threads);
            if (!ctx) { fprintf(stderr, "cannot make a context\n"); return 1; }
            struct llama_batch batch = llama_batch_init(n, 0, 1);
            for (int i = 0; i < n; i++) {
                batch.token[i] = tokens[i];
                batch.pos[i] = i;
                batch.n_seq_id[i] = 1;
                batch.seq_id[i][0] = 0;
                batch.logits[i] = 1;
            }
            batch.n_tokens = n;
            routing_layers = 0;
            if (llama_decode(ctx, batch) != 0) { fprintf(stderr, "decode failed (%s)\n", name); return 1; }
            printf("{\"run\": \"%s\", \"n_ctx\": %u, \"positions\": [", name, llama_n_ctx(ctx));
            for (int i = 0; i < n; i++) {
                const float *logits = llama_get_logits_ith(ctx, i);
                if (!logits) { fprintf(stderr, "no logits at %d\n", i); return 1; }
                const int k = top_k(logits, n_vocab, ids, vals);
                float mx = logits[0], mn = logits[0];
                for (int j = 1; j < n_vocab; j++) {
                    if (logits[j] > mx) mx = logits[j];
                    if (logits[j] < mn) mn = logits[j];
                }
                printf("%s{\"top\": [", i ? ", " : "");
                for (int j = 0; j < k; j++) printf("%s[%d, %.4f]", j ? ", " : "", ids[j], vals[j]);
                printf("], \"probes\": [");
                for (int j = 0; j < n_probes; j++) printf("%s%.4f", j ? ", " : "", logits[probes[j]]);
                printf("], \"max\": %.4f, \"min\": %.4f", mx, mn);
                if (routing_layers > 0) {
                    printf(", \"experts\": [");
                    for (int l = 0; l < routing_layers; l++) {
                        printf("%s[", l ? ", " : "");
                        for (int j = 0; j < routing_used; j++) printf("%s%d", j ? ", " : "", routing[l][i][j]);
                        printf("]");
                    }
                    printf("]");
                }
                printf("}");
            }
            printf("]}\n");
            fflush(stdout);
            llama_batch_free(batch);
            llama_free(ctx);
            continue;
        }
        if (strcmp(kind, "greedy") == 0) {
            int n_ctx_req = 0, n_gen = 0, c2 = 0;
            if (sscanf(rest, "%127s %d %d%n", name, &n_ctx_req, &n_gen, &c2) != 3) { fprintf(stderr, "bad greedy line\n"); return 1; }
            int n = parse_ids(rest + c2, tokens, MAX_TOKENS);
            struct llama_context *ctx = make_context(model, n_ctx_req, n, threads);
            if (!ctx) { fprintf(stderr, "cannot make a context\n"); return 1; }
            if (llama_decode(ctx, llama_batch_get_one(tokens, n)) != 0) { fprintf(stderr, "decode failed (%s)\n", name); return 1; }
            printf("{\"greedy\": \"%s\", \"n_ctx\": %u, \"tokens\": [", name, llama_n_ctx(ctx));
            static float margins[MAX_TOKENS];
            llama_token next = 0;
            for (int step = 0; step < n_gen; step++) {
                const float *logits = llama_get_logits_ith(ctx, -1);
                top_k(logits, n_vocab, ids, vals);
                next = ids[0];
                margins[step] = vals[0] - vals[1];
                printf("%s%d", step ? ", " : "", next);
                if (step + 1 < n_gen && llama_decode(ctx, llama_batch_get_one(&next, 1)) != 0) {
                    fprintf(stderr, "decode failed (%s, step %d)\n", name, step);
                    return 1;
                }
            }
            printf("], \"margins\": [");
            for (int step = 0; step < n_gen; step++) printf("%s%.4f", step ? ", " : "", margins[step]);
            printf("]}\n");
            fflush(stdout);
            llama_free(ctx);
            continue;
        }
        fprintf(stderr, "unknown job %s\n", kind);
        return 1;
    }
    fclose(in);
    llama_model_free(model);
    llama_backend_free();
    return 0;
}
