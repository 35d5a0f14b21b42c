/* The kernel's search compiled ahead of time: the numba functions of ``kernel.py`` in C.
 *
 * ``Search`` is the resumable bitmask backtracking of ``kernel._search`` (the same cell order,
 * the same pieces in the same order, the same node counter), built from the plain tables of
 * ``solver.arrange.layout.EdgeLayout``: no numpy, no numba, so a process that counts or finds
 * pays neither's import. ``probe`` is ``kernel._probe`` (the same xorshift generator, the same
 * floating-point sums) and ``default_order`` is ``kernel._default_order``. The search runs
 * without the GIL. ``solver.arrange.engines.csearch`` wraps it; ``tests/arrange`` compares it
 * with the numba kernel (counts, nodes, rows, probes).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { EXHAUSTED = 0, OUT_FULL = 1, BUDGET = 2 };

/* count tables are kept up to this many sides (kernel.MAX_TABLE_SIDES) */
#define MAX_TABLE_SIDES 12

typedef struct {
    PyObject_HEAD
    int n, k, n_order, tables, dynamic, done;
    int64_t piece_space, groups;
    int32_t *nb, *back, *offset;   /* (n, k), (n, k), (n) */
    int32_t *order;                /* (n_order) */
    unsigned char *twice;          /* (n): the cell faces a neighbour on several sides */
    int32_t *value;                /* (n): piece or -1 */
    unsigned char *used;           /* (piece_space) */
    int64_t *known, *val;          /* (n) */
    int32_t *cnt;                  /* (groups, 1 << k, 1 << k) or NULL */
    int bits;                      /* piece_space <= 64: the unused pieces as one word */
    uint64_t unused;               /* bits mode: the unused pieces */
    uint64_t *pat;                 /* bits mode, (groups, 1 << k, 1 << k): the pieces p of
                                      group g with p & m == v */
    int64_t *kv;                   /* bits mode, (n): known << k | val of each empty cell */
    const uint64_t **patc;         /* bits mode, (n): the patterns of the cell's group */
    int32_t *pos;                  /* (n): position of the cell in ``order`` (or -1) */
    int32_t *lnext, *lprev;        /* (n_order + 1): the empty cells of ``order``, in order,
                                      as a list with the head at n_order (dynamic only) */
    int64_t *cell_at, *sf, *ss, *cur;  /* (n_order + 1) */
    int64_t d, mode;               /* the resumable state */
    int64_t solutions, nodes;
    int32_t *out;                  /* rows of the last call */
    int64_t out_cap, out_rows;
} Search;

#define PAT(s, g, m, v) ((s)->pat[((((int64_t)(g) << (s)->k) + (m)) << (s)->k) + (v)])
#define CNT(s, g, m, v) ((s)->cnt[(((int64_t)(g) << (s)->k) + (m)) * ((int64_t)1 << (s)->k) + (v)])

/* The pieces that fit empty cell ``c`` now (bits mode). */
static inline uint64_t cands_of(const Search *s, int c)
{
    return s->unused & s->patc[c][s->kv[c]];
}

static inline __attribute__((always_inline)) void place(Search *s, int c, int64_t p, int sign,
                                                        const int bits)
{
    const int k = s->k;
    if (bits) {
        s->unused ^= (uint64_t)1 << p;
        s->value[c] = sign > 0 ? (int32_t)p : -1;
        if (s->dynamic) {  /* out of (back into) the list of empty cells */
            int i = s->pos[c];
            if (sign > 0) {
                s->lnext[s->lprev[i]] = s->lnext[i];
                s->lprev[s->lnext[i]] = s->lprev[i];
            } else {
                s->lnext[s->lprev[i]] = i;
                s->lprev[s->lnext[i]] = i;
            }
        }
        const int32_t *nbc = s->nb + (int64_t)c * k, *bc = s->back + (int64_t)c * k;
        for (int j = 0; j < k; j++) {
            int o = nbc[j];
            if (o >= 0 && s->value[o] < 0) {
                int64_t bit = (int64_t)1 << bc[j];
                if (sign > 0)
                    s->kv[o] |= (bit << k) | (((p >> j) & 1) ? bit : 0);
                else
                    s->kv[o] &= ~((bit << k) | bit);
            }
        }
        return;
    }
    if (sign > 0) {
        s->used[p] = 1;
        s->value[c] = (int32_t)p;
    } else {
        s->used[p] = 0;
        s->value[c] = -1;
    }
    if (!bits && s->tables) {
        int64_t g = p >> k, low = p & (((int64_t)1 << k) - 1);
        int64_t width = (int64_t)1 << k;
        int32_t *row = s->cnt + (g << k) * width;
        for (int64_t m = 0; m < width; m++)
            row[m * width + (low & m)] -= sign;
    }
    const int32_t *nbc = s->nb + (int64_t)c * k, *bc = s->back + (int64_t)c * k;
    for (int j = 0; j < k; j++) {
        int o = nbc[j];
        if (o >= 0 && s->value[o] < 0) {
            int64_t bit = (int64_t)1 << bc[j];
            if (sign > 0) {
                s->known[o] |= bit;
                if ((p >> j) & 1)
                    s->val[o] |= bit;
            } else {
                s->known[o] &= ~bit;
                s->val[o] &= ~bit;
            }
        }
    }
}

/* The forward check of a placement, before it is made: after piece ``p`` went on cell ``c``
 * every empty neighbour would keep a fitting piece (``kernel._neighbours_fit`` after
 * ``_place``; a failed trial then costs no table updates). */
static inline __attribute__((always_inline)) int fits(const Search *s, int c, int64_t p,
                                                       const int bits)
{
    const int k = s->k;
    const int64_t full = ((int64_t)1 << k) - 1;
    const int32_t *nbc = s->nb + (int64_t)c * k, *bc = s->back + (int64_t)c * k;
    if (bits) {
        const uint64_t others = s->unused & ~((uint64_t)1 << p);
        for (int j = 0; j < k; j++) {
            int o = nbc[j];
            if (o < 0 || s->value[o] >= 0)
                continue;
            int64_t kv = s->kv[o];
            if (s->twice[c]) {  /* c faces o on several sides (a narrow torus) */
                for (int i = 0; i < k; i++) {
                    if (nbc[i] == o) {
                        int64_t bit = (int64_t)1 << bc[i];
                        kv |= (bit << k) | (((p >> i) & 1) ? bit : 0);
                    }
                }
            } else {
                int64_t bit = (int64_t)1 << bc[j];
                kv |= (bit << k) | (((p >> j) & 1) ? bit : 0);
            }
            if ((others & s->patc[o][kv]) == 0)
                return 0;
        }
        return 1;
    }
    for (int j = 0; j < k; j++) {
        int o = nbc[j];
        if (o < 0 || s->value[o] >= 0)
            continue;
        int64_t nk = s->known[o], nv = s->val[o];
        if (s->twice[c]) {  /* c faces o on several sides (a narrow torus) */
            for (int i = 0; i < k; i++) {
                if (nbc[i] == o) {
                    nk |= (int64_t)1 << bc[i];
                    if ((p >> i) & 1)
                        nv |= (int64_t)1 << bc[i];
                }
            }
        } else {
            nk |= (int64_t)1 << bc[j];
            if ((p >> j) & 1)
                nv |= (int64_t)1 << bc[j];
        }
        int64_t g = s->offset[o] >> k;
        if (s->tables) {
            int64_t left = CNT(s, g, nk, nv) - ((p >> k) == g && (p & nk) == nv);
            if (left == 0)
                return 0;
            continue;
        }
        int64_t f = full & ~nk, t = f;
        for (;;) {
            int64_t q = (nv | t) + s->offset[o];
            if (!s->used[q] && q != p)
                break;
            if (t == 0)
                return 0;
            t = (t - 1) & f;
        }
    }
    return 1;
}

/* the empty cell with the fewest fitting pieces (first of ties in ``order``) */
static inline __attribute__((always_inline)) int most_constrained(const Search *s,
                                                                   const int bits)
{
    int best = -1;
    int64_t best_n = (int64_t)1 << 30;
    if (bits) {  /* the list holds the empty cells of the order, in order */
        const int head = s->n_order;
        for (int i = s->lnext[head]; i != head; i = s->lnext[i]) {
            int c = s->order[i];
            int64_t m = __builtin_popcountll(cands_of(s, c));
            if (m < best_n) {
                best_n = m;
                best = c;
                if (m <= 1)
                    break;
            }
        }
        return best;
    }
    for (int i = 0; i < s->n_order; i++) {
        int c = s->order[i];
        if (s->value[c] < 0) {
            int64_t m = CNT(s, s->offset[c] >> s->k, s->known[c], s->val[c]);
            if (m < best_n) {
                best_n = m;
                best = c;
                if (m <= 1)
                    break;
            }
        }
    }
    return best;
}

/* kernel._search: run until max_out rows are written (0: none kept) or max_nodes spent.
 * ``bits``: the one-word representation (inlined twice, once for each mode). */
static inline __attribute__((always_inline)) int search_loop(Search *s, int64_t max_out,
                                                             int64_t max_nodes, const int bits)
{
    const int n_order = s->n_order, n = s->n, k = s->k;
    const int64_t full = ((int64_t)1 << k) - 1;
    int64_t d = s->d, mode = s->mode, n_out = 0, nodes = 0;
    int status = EXHAUSTED;
    while (d >= 0) {
        if (mode == 0) {
            if (d == n_order) {
                s->solutions++;
                if (n_out < max_out) {
                    memcpy(s->out + n_out * n, s->value, sizeof(int32_t) * (size_t)n);
                    n_out++;
                }
                d--;
                mode = 1;
                if (max_out > 0 && n_out >= max_out) {
                    status = OUT_FULL;
                    goto leave;
                }
                continue;
            }
            int c = s->dynamic ? most_constrained(s, bits) : s->order[d];
            s->cell_at[d] = c;
            if (bits) {
                s->ss[d] = (int64_t)cands_of(s, c);
            } else {
                int64_t f = full & ~s->known[c];
                s->sf[d] = f;
                s->ss[d] = f;
            }
            s->cur[d] = -1;
            mode = 1;
            continue;
        }
        /* mode 1: the next piece at depth d */
        int c = (int)s->cell_at[d];
        if (s->cur[d] >= 0) {
            place(s, c, s->cur[d], -1, bits);
            s->cur[d] = -1;
        }
        int placed = 0;
        if (bits) {  /* the candidates left, largest piece number first (as below) */
            uint64_t rest = (uint64_t)s->ss[d];
            while (rest) {
                int64_t p = 63 - __builtin_clzll(rest);
                rest &= ~((uint64_t)1 << p);
                if (!fits(s, c, p, bits))
                    continue;
                place(s, c, p, 1, bits);
                s->cur[d] = p;
                s->ss[d] = (int64_t)rest;
                placed = 1;
                break;
            }
        } else {
            int64_t f = s->sf[d], t = s->ss[d], v = s->val[c];
            while (t >= 0) {
                int64_t p = (v | t) + s->offset[c];
                int64_t nxt = t == 0 ? -1 : (t - 1) & f;
                t = nxt;
                if (s->used[p] || !fits(s, c, p, bits))
                    continue;
                place(s, c, p, 1, bits);
                s->cur[d] = p;
                s->ss[d] = nxt;
                placed = 1;
                break;
            }
        }
        if (placed) {
            d++;
            mode = 0;
            nodes++;
            if (nodes >= max_nodes) {
                status = BUDGET;
                goto leave;
            }
        } else {
            s->ss[d] = -1;
            d--;
        }
    }
leave:
    s->d = d;
    s->mode = mode;
    s->nodes += nodes;
    s->out_rows = n_out;
    return status;
}

/* The most-constrained search counts candidates with popcount: on x86 a second copy of the
 * search uses the POPCNT instruction where the processor has it (every x86-64 since about
 * 2008; the portable build calls a library function instead). */
#if defined(__GNUC__) && defined(__x86_64__)
#define POPCNT_COPY 1
__attribute__((target("popcnt"))) static int search_run_popcnt(Search *s, int64_t max_out,
                                                               int64_t max_nodes)
{
    return s->bits ? search_loop(s, max_out, max_nodes, 1)
                   : search_loop(s, max_out, max_nodes, 0);
}
#endif

static int search_run(Search *s, int64_t max_out, int64_t max_nodes)
{
#ifdef POPCNT_COPY
    if (__builtin_cpu_supports("popcnt"))
        return search_run_popcnt(s, max_out, max_nodes);
#endif
    return s->bits ? search_loop(s, max_out, max_nodes, 1)
                   : search_loop(s, max_out, max_nodes, 0);
}

static uint64_t xorshift(uint64_t x)
{
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
}

/* kernel._probe: one Knuth probe; the state is restored. ``trials_out``: the pieces it
 * tried (placed and checked), the probe's own work. */
static inline __attribute__((always_inline)) void probe_loop(
    Search *s, uint64_t seed, double *nodes_out, double *sols_out, int64_t *trials_out,
    int64_t *cand, int *trail, const int bits)
{
    int64_t trials = 0;
    const int k = s->k;
    const int64_t full = ((int64_t)1 << k) - 1;
    uint64_t x = seed | 1u;
    double weight = 1.0, nodes = 1.0, sols = 0.0;
    int depth = 0;
    for (int dd = 0; dd < s->n_order; dd++) {
        int c = s->dynamic ? most_constrained(s, bits) : s->order[dd];
        int64_t m = 0;
        if (bits) {
            for (uint64_t rest = cands_of(s, c); rest; ) {
                int64_t p = 63 - __builtin_clzll(rest);
                rest &= ~((uint64_t)1 << p);
                trials++;
                if (fits(s, c, p, bits))
                    cand[m++] = p;
            }
        } else {
            int64_t f = full & ~s->known[c], v = s->val[c], t = f;
            while (t >= 0) {
                int64_t p = (v | t) + s->offset[c];
                t = t == 0 ? -1 : (t - 1) & f;
                if (s->used[p])
                    continue;
                trials++;
                if (fits(s, c, p, bits))
                    cand[m++] = p;
            }
        }
        if (m == 0)
            break;
        weight *= (double)m;
        nodes += weight;
        x = xorshift(x);
        place(s, c, cand[x % (uint64_t)m], 1, bits);
        trail[depth++] = c;
        if (depth == s->n_order)
            sols = weight;
    }
    for (int t = depth - 1; t >= 0; t--) {
        int c = trail[t];
        place(s, c, s->value[c], -1, bits);
    }
    *nodes_out = nodes;
    *sols_out = sols;
    *trials_out = trials;
}

#ifdef POPCNT_COPY
__attribute__((target("popcnt"))) static void probe_popcnt(
    Search *s, uint64_t seed, double *nodes_out, double *sols_out, int64_t *trials_out,
    int64_t *cand, int *trail)
{
    if (s->bits)
        probe_loop(s, seed, nodes_out, sols_out, trials_out, cand, trail, 1);
    else
        probe_loop(s, seed, nodes_out, sols_out, trials_out, cand, trail, 0);
}
#endif

static void search_probe(Search *s, uint64_t seed, double *nodes_out, double *sols_out,
                         int64_t *trials_out, int64_t *cand, int *trail)
{
#ifdef POPCNT_COPY
    if (__builtin_cpu_supports("popcnt")) {
        probe_popcnt(s, seed, nodes_out, sols_out, trials_out, cand, trail);
        return;
    }
#endif
    if (s->bits)
        probe_loop(s, seed, nodes_out, sols_out, trials_out, cand, trail, 1);
    else
        probe_loop(s, seed, nodes_out, sols_out, trials_out, cand, trail, 0);
}

/* -------------------------------------------------------------------------- Python glue */

/* ``obj`` as ``len`` C ints (any sequence of Python ints); -1 with an exception set */
static int read_ints(PyObject *obj, int32_t *dst, Py_ssize_t len, const char *what)
{
    PyObject *seq = PySequence_Fast(obj, what);
    if (seq == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != len) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd numbers, got %zd", what, len,
                     PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < len; i++) {
        long x = PyLong_AsLong(items[i]);
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        dst[i] = (int32_t)x;
    }
    Py_DECREF(seq);
    return 0;
}

static void Search_dealloc(Search *s)
{
    free(s->nb);
    free(s->back);
    free(s->offset);
    free(s->order);
    free(s->twice);
    free(s->value);
    free(s->used);
    free(s->known);
    free(s->val);
    free(s->cnt);
    free(s->pat);
    free(s->kv);
    free(s->patc);
    free(s->pos);
    free(s->lnext);
    free(s->lprev);
    free(s->cell_at);
    free(s->sf);
    free(s->ss);
    free(s->cur);
    free(s->out);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int Search_init(Search *s, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"k", "piece_space", "nb", "back", "offset", "blank_mask", "fixed",
                            "order", "dynamic", NULL};
    int k, dynamic = 0;
    long long piece_space;
    PyObject *nb, *back, *offset, *blank, *fixed, *order;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iLOOOOOO|p", names, &k, &piece_space, &nb,
                                     &back, &offset, &blank, &fixed, &order, &dynamic))
        return -1;
    if (s->nb != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Search is initialised once");
        return -1;
    }
    Py_ssize_t n = PySequence_Size(offset), n_order = PySequence_Size(order);
    if (n < 0 || n_order < 0)
        return -1;
    if (k < 1 || k > 30 || piece_space < 1 || n_order > n) {
        PyErr_SetString(PyExc_ValueError, "Search: bad sizes");
        return -1;
    }
    s->n = (int)n;
    s->k = k;
    s->n_order = (int)n_order;
    s->piece_space = piece_space;
    s->tables = dynamic && k <= MAX_TABLE_SIDES;
    s->dynamic = s->tables;
    size_t depth = (size_t)n_order + 1;
    int32_t *blank_mask = malloc(sizeof(int32_t) * (size_t)(n ? n : 1));
    s->nb = malloc(sizeof(int32_t) * (size_t)(n * k > 0 ? n * k : 1));
    s->back = malloc(sizeof(int32_t) * (size_t)(n * k > 0 ? n * k : 1));
    s->offset = malloc(sizeof(int32_t) * (size_t)(n ? n : 1));
    s->order = malloc(sizeof(int32_t) * depth);
    s->value = malloc(sizeof(int32_t) * (size_t)(n ? n : 1));
    s->twice = calloc((size_t)(n ? n : 1), 1);
    s->used = calloc((size_t)piece_space, 1);
    s->known = calloc((size_t)(n ? n : 1), sizeof(int64_t));
    s->val = calloc((size_t)(n ? n : 1), sizeof(int64_t));
    s->cell_at = calloc(depth, sizeof(int64_t));
    s->sf = calloc(depth, sizeof(int64_t));
    s->ss = calloc(depth, sizeof(int64_t));
    s->cur = malloc(sizeof(int64_t) * depth);
    if (!blank_mask || !s->nb || !s->back || !s->offset || !s->order || !s->twice || !s->value || !s->used ||
        !s->known || !s->val || !s->cell_at || !s->sf || !s->ss || !s->cur) {
        free(blank_mask);
        PyErr_NoMemory();
        return -1;
    }
    if (read_ints(nb, s->nb, n * k, "nb") || read_ints(back, s->back, n * k, "back") ||
        read_ints(offset, s->offset, n, "offset") ||
        read_ints(blank, blank_mask, n, "blank_mask") ||
        read_ints(fixed, s->value, n, "fixed") || read_ints(order, s->order, n_order, "order")) {
        free(blank_mask);
        return -1;
    }
    for (size_t i = 0; i < depth; i++)
        s->cur[i] = -1;
    /* kernel._initial_state, with bounds checked */
    for (Py_ssize_t i = 0; i < n; i++) {
        int32_t p = s->value[i];
        if (p >= piece_space || s->offset[i] < 0 ||
            s->offset[i] + ((int64_t)1 << k) > piece_space) {
            free(blank_mask);
            PyErr_SetString(PyExc_ValueError, "Search: a piece number outside piece_space");
            return -1;
        }
        if (p >= 0)
            s->used[p] = 1;
        s->known[i] = blank_mask[i];
    }
    free(blank_mask);
    for (Py_ssize_t i = 0; i < n; i++) {
        for (int j = 0; j < k; j++) {
            int32_t o = s->nb[i * k + j];
            if (o >= n || s->back[i * k + j] < 0 || s->back[i * k + j] >= k) {
                PyErr_SetString(PyExc_ValueError, "Search: a neighbour outside the region");
                return -1;
            }
            if (o >= 0 && s->value[o] >= 0) {
                s->known[i] |= (int64_t)1 << j;
                if ((s->value[o] >> s->back[i * k + j]) & 1)
                    s->val[i] |= (int64_t)1 << j;
            }
        }
    }
    for (Py_ssize_t i = 0; i < n; i++)
        for (int j = 0; j < k; j++)
            for (int h = 0; h < j; h++)
                if (s->nb[i * k + j] >= 0 && s->nb[i * k + j] == s->nb[i * k + h])
                    s->twice[i] = 1;
    for (Py_ssize_t i = 0; i < n_order; i++) {
        if (s->order[i] < 0 || s->order[i] >= n) {
            PyErr_SetString(PyExc_ValueError, "Search: a cell of the order outside the region");
            return -1;
        }
        if (s->value[s->order[i]] != -1) {  /* a fixed cell, or one named twice */
            PyErr_SetString(PyExc_ValueError, "Search: the order names a filled cell");
            return -1;
        }
        s->value[s->order[i]] = -2;
    }
    for (Py_ssize_t i = 0; i < n_order; i++)
        s->value[s->order[i]] = -1;
    s->groups = ((piece_space - 1) >> k) + 1;
    s->bits = piece_space <= 64;
    if (s->bits) {  /* the unused pieces and every side pattern as one word each */
        int64_t width = (int64_t)1 << k;
        s->pat = calloc((size_t)(s->groups * width * width), sizeof(uint64_t));
        if (s->pat == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (int64_t p = 0; p < piece_space; p++) {
            if (!s->used[p])
                s->unused |= (uint64_t)1 << p;
            for (int64_t m = 0; m < width; m++)
                PAT(s, p >> k, m, p & m) |= (uint64_t)1 << p;
        }
        s->kv = calloc((size_t)(n ? n : 1), sizeof(int64_t));
        s->patc = calloc((size_t)(n ? n : 1), sizeof(uint64_t *));
        s->pos = malloc(sizeof(int32_t) * (size_t)(n ? n : 1));
        s->lnext = malloc(sizeof(int32_t) * depth);
        s->lprev = malloc(sizeof(int32_t) * depth);
        if (!s->kv || !s->patc || !s->pos || !s->lnext || !s->lprev) {
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            s->kv[i] = (s->known[i] << k) | s->val[i];
            s->patc[i] = s->pat + (((int64_t)s->offset[i] >> k) << (2 * k));
            s->pos[i] = -1;
        }
        for (Py_ssize_t i = 0; i < n_order; i++) {  /* the list: head, order[0], ... */
            s->pos[s->order[i]] = (int32_t)i;
            s->lnext[i] = (int32_t)(i + 1);
            s->lprev[i + 1] = (int32_t)i;
        }
        s->lnext[n_order] = 0;
        s->lprev[0] = (int32_t)n_order;
    } else if (s->tables) {
        int64_t width = (int64_t)1 << k;
        s->cnt = calloc((size_t)(s->groups * width * width), sizeof(int32_t));
        if (s->cnt == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (int64_t p = 0; p < piece_space; p++) {
            if (s->used[p])
                continue;
            int32_t *row = s->cnt + ((p >> k) << k) * width;
            for (int64_t m = 0; m < width; m++)
                row[m * width + (p & m)] += 1;
        }
    }
    s->d = 0;
    s->mode = 0;
    return 0;
}

static int ensure_out(Search *s, int64_t rows)
{
    if (rows <= s->out_cap)
        return 0;
    int32_t *buf = realloc(s->out, sizeof(int32_t) * (size_t)(rows * (s->n ? s->n : 1)));
    if (buf == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    s->out = buf;
    s->out_cap = rows;
    return 0;
}

static int check_ready(Search *s)
{
    if (s->nb == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Search is not initialised");
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(step_doc,
"step(max_out, max_nodes) -> (status, rows)\n\n"
"One resumable call: until ``max_out`` solutions are kept (0: count only) or ``max_nodes``\n"
"placements are spent. ``rows``: the solutions found, each a tuple of a piece per cell.");

static PyObject *Search_step(Search *s, PyObject *args)
{
    long long max_out, max_nodes;
    if (!PyArg_ParseTuple(args, "LL", &max_out, &max_nodes) || check_ready(s))
        return NULL;
    if (max_out < 0 || max_nodes < 1) {
        PyErr_SetString(PyExc_ValueError, "step: max_out >= 0 and max_nodes >= 1");
        return NULL;
    }
    int status = EXHAUSTED;
    s->out_rows = 0;
    if (!s->done) {
        if (ensure_out(s, max_out))
            return NULL;
        Py_BEGIN_ALLOW_THREADS
        status = search_run(s, max_out, max_nodes);
        Py_END_ALLOW_THREADS
        if (status == EXHAUSTED)
            s->done = 1;
    }
    PyObject *rows = PyList_New((Py_ssize_t)s->out_rows);
    if (rows == NULL)
        return NULL;
    for (int64_t r = 0; r < s->out_rows; r++) {
        PyObject *row = PyTuple_New(s->n);
        if (row == NULL) {
            Py_DECREF(rows);
            return NULL;
        }
        const int32_t *src = s->out + r * s->n;
        for (int i = 0; i < s->n; i++) {
            PyObject *x = PyLong_FromLong(src[i]);
            if (x == NULL) {
                Py_DECREF(row);
                Py_DECREF(rows);
                return NULL;
            }
            PyTuple_SET_ITEM(row, i, x);
        }
        PyList_SET_ITEM(rows, (Py_ssize_t)r, row);
    }
    return Py_BuildValue("iN", status, rows);
}

PyDoc_STRVAR(fill_doc,
"fill(out, max_nodes) -> (status, rows)\n\n"
"One resumable call that writes the solutions into ``out``, a writable C-contiguous buffer of\n"
"32-bit integers holding whole rows (a numpy array of shape (m, n), an array.array('i')),\n"
"until it is full or ``max_nodes`` placements are spent; ``rows``: how many it wrote.");

static PyObject *Search_fill(Search *s, PyObject *args)
{
    PyObject *target;
    long long max_nodes;
    if (!PyArg_ParseTuple(args, "OL", &target, &max_nodes) || check_ready(s))
        return NULL;
    if (max_nodes < 1) {
        PyErr_SetString(PyExc_ValueError, "fill: max_nodes >= 1");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(target, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    const char *fmt = view.format ? view.format : "B";
    if (*fmt == '@' || *fmt == '=' || *fmt == '<')
        fmt++;
    if (view.itemsize != 4 || !(strcmp(fmt, "i") == 0 || strcmp(fmt, "l") == 0) ||
        s->n == 0 || (view.len / 4) % s->n != 0) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError,
                        "fill: out must hold whole rows of 32-bit integers (dtype int32)");
        return NULL;
    }
    int64_t capacity = (int64_t)(view.len / 4) / s->n;
    int status = EXHAUSTED;
    s->out_rows = 0;
    if (!s->done && capacity > 0) {
        int32_t *keep = s->out;
        int64_t keep_cap = s->out_cap;
        s->out = (int32_t *)view.buf;  /* the search writes straight into the caller's rows */
        Py_BEGIN_ALLOW_THREADS
        status = search_run(s, capacity, max_nodes);
        Py_END_ALLOW_THREADS
        s->out = keep;
        s->out_cap = keep_cap;
        if (status == EXHAUSTED)
            s->done = 1;
    } else if (!s->done) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "fill: out holds no row");
        return NULL;
    }
    PyBuffer_Release(&view);
    return Py_BuildValue("iL", status, (long long)s->out_rows);
}

PyDoc_STRVAR(probe_doc,
"probe(seed) -> (nodes, solutions, trials)\n\n"
"One Knuth probe from the current state: estimates of the tree's nodes and solutions, and\n"
"the pieces the probe tried (its own work).");

static PyObject *Search_probe(Search *s, PyObject *args)
{
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "K", &seed) || check_ready(s))
        return NULL;
    int64_t *cand = malloc(sizeof(int64_t) * ((size_t)1 << s->k));
    int *trail = malloc(sizeof(int) * ((size_t)s->n_order + 1));
    if (cand == NULL || trail == NULL) {
        free(cand);
        free(trail);
        return PyErr_NoMemory();
    }
    double nodes, sols;
    int64_t trials;
    search_probe(s, (uint64_t)seed, &nodes, &sols, &trials, cand, trail);
    free(cand);
    free(trail);
    return Py_BuildValue("ddL", nodes, sols, (long long)trials);
}

static PyObject *Search_get_solutions(Search *s, void *closure)
{
    (void)closure;
    return PyLong_FromLongLong(s->solutions);
}

static PyObject *Search_get_nodes(Search *s, void *closure)
{
    (void)closure;
    return PyLong_FromLongLong(s->nodes);
}

static PyObject *Search_get_done(Search *s, void *closure)
{
    (void)closure;
    return PyBool_FromLong(s->done);
}

static PyObject *Search_get_dynamic(Search *s, void *closure)
{
    (void)closure;
    return PyBool_FromLong(s->dynamic);
}

static PyMethodDef Search_methods[] = {
    {"step", (PyCFunction)Search_step, METH_VARARGS, step_doc},
    {"fill", (PyCFunction)Search_fill, METH_VARARGS, fill_doc},
    {"probe", (PyCFunction)Search_probe, METH_VARARGS, probe_doc},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"solutions", (getter)Search_get_solutions, NULL, "Solutions met so far.", NULL},
    {"nodes", (getter)Search_get_nodes, NULL, "Pieces placed so far.", NULL},
    {"done", (getter)Search_get_done, NULL, "True once the search is exhausted.", NULL},
    {"dynamic", (getter)Search_get_dynamic, NULL,
     "True when the most constrained cell is filled first.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyDoc_STRVAR(Search_doc,
"Search(k, piece_space, nb, back, offset, blank_mask, fixed, order, dynamic=False)\n\n"
"The kernel's resumable search over the tables of an EdgeLayout (``nb`` and ``back`` flat,\n"
"cell by cell); ``order`` lists the free cells; ``dynamic`` fills the most constrained cell\n"
"first (count tables, up to 12 sides).");

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.arrange.engines._ckernel.Search",
    .tp_basicsize = sizeof(Search),
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = Search_doc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
    .tp_init = (initproc)Search_init,
    .tp_new = PyType_GenericNew,
};

PyDoc_STRVAR(default_order_doc,
"default_order(k, nb, blank_mask, fixed) -> list\n\n"
"The free cells, most known sides first (kernel.default_order).");

static PyObject *default_order(PyObject *self, PyObject *args)
{
    int k;
    PyObject *nb_obj, *blank_obj, *fixed_obj;
    if (!PyArg_ParseTuple(args, "iOOO", &k, &nb_obj, &blank_obj, &fixed_obj))
        return NULL;
    Py_ssize_t n = PySequence_Size(fixed_obj);
    if (n < 0)
        return NULL;
    size_t m = (size_t)(n ? n : 1);
    int32_t *nb = malloc(sizeof(int32_t) * m * (size_t)(k > 0 ? k : 1));
    int32_t *blank = malloc(sizeof(int32_t) * m), *fixed = malloc(sizeof(int32_t) * m);
    int64_t *known = calloc(m, sizeof(int64_t));
    char *done = calloc(m, 1);
    PyObject *result = NULL;
    if (!nb || !blank || !fixed || !known || !done) {
        PyErr_NoMemory();
        goto leave;
    }
    if (read_ints(nb_obj, nb, n * k, "nb") || read_ints(blank_obj, blank, n, "blank_mask") ||
        read_ints(fixed_obj, fixed, n, "fixed"))
        goto leave;
    for (Py_ssize_t i = 0; i < n * k; i++) {
        if (nb[i] >= n) {
            PyErr_SetString(PyExc_ValueError, "default_order: a neighbour outside the region");
            goto leave;
        }
    }
    Py_ssize_t free_cells = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        for (int32_t b = blank[i]; b; b >>= 1)
            known[i] += b & 1;
        done[i] = fixed[i] >= 0;
        free_cells += !done[i];
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (done[i])
            for (int j = 0; j < k; j++)
                if (nb[i * k + j] >= 0)
                    known[nb[i * k + j]]++;
    result = PyList_New(free_cells);
    if (result == NULL)
        goto leave;
    for (Py_ssize_t step = 0; step < free_cells; step++) {
        Py_ssize_t best = -1;
        for (Py_ssize_t i = 0; i < n; i++)
            if (!done[i] && (best < 0 || known[i] > known[best]))
                best = i;
        PyObject *x = PyLong_FromSsize_t(best);
        if (x == NULL) {
            Py_CLEAR(result);
            goto leave;
        }
        PyList_SET_ITEM(result, step, x);
        done[best] = 1;
        for (int j = 0; j < k; j++)
            if (nb[best * k + j] >= 0)
                known[nb[best * k + j]]++;
    }
leave:
    free(nb);
    free(blank);
    free(fixed);
    free(known);
    free(done);
    return result;
}

static PyMethodDef module_methods[] = {
    {"default_order", default_order, METH_VARARGS, default_order_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_ckernel",
    "The kernel's search compiled ahead of time (see solver.arrange.engines.csearch).", -1,
    module_methods,
};

PyMODINIT_FUNC PyInit__ckernel(void)
{
    if (PyType_Ready(&SearchType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "EXHAUSTED", EXHAUSTED) || PyModule_AddIntConstant(m, "OUT_FULL", OUT_FULL) ||
        PyModule_AddIntConstant(m, "BUDGET", BUDGET) ||
        PyModule_AddIntConstant(m, "MAX_TABLE_SIDES", MAX_TABLE_SIDES)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
