/*
 * fidelity_llama_logits.c - the next-token logits llama.cpp computes after each prompt, for
 * scripts/fidelity.py. Built by that script against a llama.cpp build (libllama); not part of
 * the package.
 *
 *   fidelity_llama_logits MODEL.gguf PROMPTS.txt OUT.f32 [THREADS]
 *
 * PROMPTS.txt has one prompt a line, as space-separated token ids. Each prompt is decoded as one
 * batch into an empty context with llama.cpp's default context and model parameters (what a
 * user of llama-cli or llama-server gets), and the logits of its last position are appended to
 * OUT.f32 as n_vocab little-endian float32 values.
 */
#include <stdio.h>
#include <stdlib.h>

#include "llama.h"

static void quiet(enum ggml_log_level level, const char *text, void *user) {
    (void)text; (void)user;
    if (level == GGML_LOG_LEVEL_ERROR) fputs(text, stderr);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s MODEL.gguf PROMPTS.txt OUT.f32 [THREADS]\n", argv[0]);
        return 2;
    }
    const int threads = argc > 4 ? atoi(argv[4]) : 2;
    llama_log_set(quiet, NULL);
    llama_backend_init();
    struct llama_model *model = llama_model_load_from_file(argv[1], llama_model_default_params());
    if (!model) { fprintf(stderr, "cannot load %s\n", argv[1]); return 1; }
    const int n_vocab = llama_vocab_n_tokens(llama_model_get_vocab(model));
    FILE *in = fopen(argv[2], "r"), *out = fopen(argv[3], "wb");
    if (!in || !out) { fprintf(stderr, "cannot open %s or %s\n", argv[2], argv[3]); return 1; }

    static char line[1 << 20];
    static llama_token tokens[1 << 16];
    int rows = 0;
    while (fgets(line, sizeof line, in)) {
        int n = 0;
        for (char *p = line, *end; n < (1 << 16); p = end) {
            long v = strtol(p, &end, 10);
            if (end == p) break;
            tokens[n++] = (llama_token)v;
        }
        if (n == 0) continue;
        struct llama_context_params cp = llama_context_default_params();
        cp.n_ctx = (uint32_t)(n + 16);
        cp.n_batch = cp.n_ubatch = (uint32_t)n;
        cp.n_threads = cp.n_threads_batch = threads;
        struct llama_context *ctx = llama_init_from_model(model, cp);
        if (!ctx) { fprintf(stderr, "cannot make a context\n"); return 1; }
        if (llama_decode(ctx, llama_batch_get_one(tokens, n)) != 0) { fprintf(stderr, "decode failed\n"); return 1; }
        const float *logits = llama_get_logits_ith(ctx, -1);
        if (fwrite(logits, sizeof(float), (size_t)n_vocab, out) != (size_t)n_vocab) { perror("write"); return 1; }
        llama_free(ctx);
        rows++;
    }
    fclose(out);
    fclose(in);
    llama_model_free(model);
    fprintf(stderr, "%d rows of %d logits\n", rows, n_vocab);
    return 0;
}
