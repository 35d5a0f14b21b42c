/* Dominions solved on small boards (issue 26, Q7): a compiled alpha-beta search.
 *
 * The rules as in puzzles/dominions/position.py (the Python engine, which the tests compare
 * with move by move): a placement fits its neighbours and the border, touches an opponent
 * piece or extends an own complete group, captures first, suicide otherwise, no oscillation;
 * two passes end the game.  Values are White's *future gain* (White's final score difference
 * minus the current one).  A transposition table of value bounds is keyed by the position up
 * to the board's symmetries, with only the pieces in hand that still fit a vacant cell.
 *
 * The board (neighbour table) and the symmetries (cell and piece maps) come from Python
 * (ds_init), so cell numbering is the engine's.  Loaded with ctypes by gamesolve.py.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#define MAXN 37
#define MAXSYM 12
#define MAXMOVES 2400
#define INF 1000

typedef uint64_t u64;

typedef struct {
    uint8_t piece[MAXN]; /* 0 vacant, else 1..63 */
    u64 col[2];          /* cells of White, of Black */
    u64 hand[2];         /* bit p: piece p in hand */
    int to_move, passes;
} State;

typedef struct { u64 flip; int16_t order; int8_t cell, piece; } Move; /* cell -1: pass */

typedef struct {
    u64 h1, h2;
    int16_t lo, hi;
    int8_t bcell, bpiece;
    uint8_t used;
    uint32_t work;
} Entry;

static int N, NSYM;
static int NB[MAXN][6];
static u64 NBMASK[MAXN];
static int BORDER[MAXN]; /* sides facing off the board */
static int CMAP[MAXSYM][MAXN], CINV[MAXSYM][MAXN];
static int PMAP[MAXSYM][64], PINV[MAXSYM][64];
static u64 HMAP[MAXSYM][8][256]; /* hand image, by byte */
static u64 FIT[64][64];          /* pieces fitting (must_beam, must_blank) */
static Entry *TT;
static u64 TTMASK;
static long long NODES, NODE_LIMIT, STORES;
static int ABORTED, DEPTH, ROOT_DONE, ROOT_TOTAL;
static State ROOT;

static inline int opp_side(int k) { return (k + 3) % 6; }
static inline int popc(u64 x) { return __builtin_popcountll(x); }
static inline int ctz(u64 x) { return __builtin_ctzll(x); }

int ds_init(int n, const int *nb, int nsym, const int *cmap, const int *pmap, int tt_log2) {
    if (n > MAXN || nsym > MAXSYM || nsym < 1) return -1;
    N = n; NSYM = nsym;
    for (int c = 0; c < n; c++) {
        NBMASK[c] = 0; BORDER[c] = 0;
        for (int k = 0; k < 6; k++) {
            NB[c][k] = nb[c * 6 + k];
            if (NB[c][k] < 0) BORDER[c] |= 1 << k; else NBMASK[c] |= 1ULL << NB[c][k];
        }
    }
    for (int s = 0; s < nsym; s++) {
        for (int c = 0; c < n; c++) { CMAP[s][c] = cmap[s * n + c]; CINV[s][CMAP[s][c]] = c; }
        for (int p = 0; p < 64; p++) { PMAP[s][p] = pmap[s * 64 + p]; PINV[s][PMAP[s][p]] = p; }
        for (int b = 0; b < 8; b++)
            for (int v = 0; v < 256; v++) {
                u64 img = 0;
                for (int i = 0; i < 8; i++)
                    if (v >> i & 1) img |= 1ULL << PMAP[s][b * 8 + i];
                HMAP[s][b][v] = img;
            }
    }
    for (int mb = 0; mb < 64; mb++)
        for (int ml = 0; ml < 64; ml++) {
            u64 m = 0;
            for (int p = 1; p < 64; p++)
                if ((p & mb) == mb && !(p & ml)) m |= 1ULL << p;
            FIT[mb][ml] = m;
        }
    free(TT);
    TT = calloc((size_t)1 << tt_log2, sizeof(Entry));
    if (!TT) return -2;
    TTMASK = ((u64)1 << tt_log2) - 1;
    NODES = 0; STORES = 0;
    return 0;
}

void ds_clear(void) { memset(TT, 0, (TTMASK + 1) * sizeof(Entry)); NODES = 0; STORES = 0; }

/* ------------------------------------------------------------------ rules */
static inline u64 occupied(const State *s) { return s->col[0] | s->col[1]; }

static inline int owner(const State *s, int c) { return (s->col[1] >> c & 1) ? 1 : 0; }

/* neighbours of c that its beams point at (occupied or not) */
static inline u64 beam_cells(int c, int p) {
    u64 m = 0;
    for (int k = 0; k < 6; k++)
        if (p >> k & 1 && NB[c][k] >= 0) m |= 1ULL << NB[c][k];
    return m;
}

static void sides(const State *s, int x, int *mb, int *ml, int *freeside) {
    int b = 0, l = BORDER[x], f = 0;
    for (int k = 0; k < 6; k++) {
        int j = NB[x][k];
        if (j < 0) continue;
        if (s->piece[j]) {
            if (s->piece[j] >> opp_side(k) & 1) b |= 1 << k; else l |= 1 << k;
        } else f |= 1 << k;
    }
    *mb = b; *ml = l; *freeside = f;
}

typedef struct {
    int ng;
    int gid[MAXN];
    u64 cells[MAXN], libs[MAXN], touch[MAXN]; /* touch: opponent cells beam-joined */
    int colour[MAXN];
} Groups;

static void groups(const State *s, Groups *g) {
    u64 occ = occupied(s), link[MAXN];
    u64 o = occ;
    while (o) { int c = ctz(o); o &= o - 1; link[c] = beam_cells(c, s->piece[c]); }
    g->ng = 0;
    for (int c = 0; c < N; c++) g->gid[c] = -1;
    o = occ;
    while (o) {
        int c = ctz(o); o &= o - 1;
        if (g->gid[c] >= 0) continue;
        int col = owner(s, c);
        u64 same = s->col[col], grp = 1ULL << c, todo = grp, libs = 0, touch = 0;
        while (todo) {
            int a = ctz(todo); todo &= todo - 1;
            u64 l = link[a];
            libs |= l & ~occ;
            touch |= l & s->col[1 - col];
            u64 add = l & same & ~grp;
            grp |= add; todo |= add;
        }
        int id = g->ng++;
        g->cells[id] = grp; g->libs[id] = libs; g->touch[id] = touch; g->colour[id] = col;
        u64 t = grp;
        while (t) { g->gid[ctz(t)] = id; t &= t - 1; }
    }
}

static inline u64 gids_of(const Groups *g, u64 cells) {
    u64 m = 0;
    while (cells) { m |= 1ULL << g->gid[ctz(cells)]; cells &= cells - 1; }
    return m;
}

/* Legal placements of the player to move: fills moves[] (cell, piece, order), and for each
 * the cells it reverses (flip); returns the count (the pass not included). */
static int gen(const State *s, Move *moves) {
    int me = s->to_move, you = 1 - me, n = 0;
    u64 occ = occupied(s), hand = s->hand[me];
    if (!occ) {
        for (int x = 0; x < N; x++) {
            u64 cand = FIT[0][BORDER[x]] & hand;
            while (cand) {
                int p = ctz(cand); cand &= cand - 1;
                moves[n].cell = x; moves[n].piece = p; moves[n].order = popc(p);
                moves[n++].flip = 0;
            }
        }
        return n;
    }
    Groups g;
    groups(s, &g);
    u64 frontier = 0, o = occ;
    while (o) { frontier |= NBMASK[ctz(o)]; o &= o - 1; }
    frontier &= ~occ;
    while (frontier) {
        int x = ctz(frontier); frontier &= frontier - 1;
        int mb, ml, fs;
        sides(s, x, &mb, &ml, &fs);
        u64 cand = FIT[mb][ml] & hand;
        if (!cand) continue;
        int contact = 0;
        u64 ownc = 0, oppc = 0;
        for (int k = 0; k < 6; k++) {
            int j = NB[x][k];
            if (j < 0 || !s->piece[j]) continue;
            if (s->col[you] >> j & 1) contact = 1;
            if (mb >> k & 1) { if (s->col[me] >> j & 1) ownc |= 1ULL << j; else oppc |= 1ULL << j; }
        }
        u64 own = gids_of(&g, ownc), opp = gids_of(&g, oppc);
        int extends = 0;
        u64 t = own;
        while (t) { int id = ctz(t); t &= t - 1; if (!g.touch[id]) extends = 1; }
        if (!contact && !extends) continue;
        u64 xb = 1ULL << x, captured = 0, members = own;
        t = opp;
        while (t) {
            int id = ctz(t); t &= t - 1;
            if (g.libs[id] == xb) { captured |= g.cells[id]; members |= gids_of(&g, g.touch[id]); }
        }
        u64 libs = 0;
        t = captured ? members : own;
        while (t) { int id = ctz(t); t &= t - 1; libs |= g.libs[id]; }
        libs &= ~xb;
        u64 suicide_flip = 0;
        int suicide_ok = 0;
        if (!captured && !libs) {
            u64 joined = opp;
            suicide_flip = xb;
            t = own;
            while (t) {
                int id = ctz(t); t &= t - 1;
                suicide_flip |= g.cells[id];
                joined |= gids_of(&g, g.touch[id]);
            }
            u64 after = 0;
            t = joined;
            while (t) { int id = ctz(t); t &= t - 1; after |= g.libs[id]; }
            suicide_ok = (after & ~xb) != 0;
        }
        int ncap = popc(captured);
        while (cand) {
            int p = ctz(cand); cand &= cand - 1;
            u64 fr = beam_cells(x, p & fs);
            int nl = popc(libs | fr);
            if (nl) {
                moves[n].cell = x; moves[n].piece = p;
                moves[n].order = (int16_t)((ncap > 0) * 1000 + nl);
                moves[n++].flip = captured;
            } else if (!ncap && suicide_ok) {
                moves[n].cell = x; moves[n].piece = p; moves[n].order = 0;
                moves[n++].flip = suicide_flip;
            }
        }
    }
    return n;
}

static inline int diff(const State *s) {
    return popc(s->col[0]) - popc(s->hand[0]) - popc(s->col[1]) + popc(s->hand[1]);
}

static void apply(State *s, int cell, int piece, u64 flip) {
    int me = s->to_move;
    s->to_move = 1 - me;
    if (cell < 0) { s->passes++; return; }
    s->passes = 0;
    s->hand[me] &= ~(1ULL << piece);
    s->piece[cell] = (uint8_t)piece;
    s->col[me] |= 1ULL << cell;
    /* flipped cells change colour (the placed cell too, after a suicide) */
    u64 w = s->col[0], b = s->col[1];
    s->col[0] = (w & ~flip) | (b & flip);
    s->col[1] = (b & ~flip) | (w & flip);
}

/* ------------------------------------------------------------------ keys */
typedef struct { uint8_t b[MAXN]; u64 h[2]; } Key;

static void canon(const State *s, u64 *h1, u64 *h2, int *sym) {
    u64 occ = occupied(s), rel = 0;
    for (int x = 0; x < N; x++) {
        if (occ >> x & 1) continue;
        int mb, ml, fs;
        sides(s, x, &mb, &ml, &fs);
        rel |= FIT[mb][ml];
    }
    Key best, cur;
    int bs = 0;
    for (int k = 0; k < NSYM; k++) {
        memset(cur.b, 0, sizeof cur.b);
        u64 o = occ;
        while (o) {
            int c = ctz(o); o &= o - 1;
            cur.b[CMAP[k][c]] = (uint8_t)(((PMAP[k][s->piece[c]] << 1) | owner(s, c)) + 1);
        }
        for (int col = 0; col < 2; col++) {
            u64 h = s->hand[col] & rel, img = 0;
            for (int by = 0; by < 8; by++) img |= HMAP[k][by][(h >> (8 * by)) & 255];
            cur.h[col] = img;
        }
        if (k == 0 || memcmp(&cur, &best, N) < 0 ||
            (memcmp(&cur, &best, N) == 0 &&
             (cur.h[0] < best.h[0] || (cur.h[0] == best.h[0] && cur.h[1] < best.h[1])))) {
            best = cur; bs = k;
        }
    }
    u64 a = 0x9E3779B97F4A7C15ULL ^ (u64)(s->to_move * 3 + s->passes), b = 0xC2B2AE3D27D4EB4FULL;
    for (int i = 0; i < N; i++) {
        a = (a ^ best.b[i]) * 0x100000001B3ULL; a ^= a >> 29;
        b = (b + best.b[i] + 1) * 0xFF51AFD7ED558CCDULL; b ^= b >> 31;
    }
    for (int col = 0; col < 2; col++) {
        a = (a ^ best.h[col]) * 0xBF58476D1CE4E5B9ULL; a ^= a >> 31;
        b = (b ^ (best.h[col] + 0x632BE59BD9B4E019ULL)) * 0x94D049BB133111EBULL; b ^= b >> 29;
    }
    b ^= (u64)(s->to_move * 3 + s->passes) << 7;
    *h1 = a; *h2 = b | 1; *sym = bs;
}

static Entry *probe(u64 h1, u64 h2) {
    Entry *e = &TT[h1 & TTMASK & ~3ULL];
    for (int i = 0; i < 4; i++)
        if (e[i].used && e[i].h1 == h1 && e[i].h2 == h2) return &e[i];
    return NULL;
}

static void store(u64 h1, u64 h2, int lo, int hi, int bc, int bp, u64 work) {
    Entry *e = &TT[h1 & TTMASK & ~3ULL], *slot = NULL;
    for (int i = 0; i < 4; i++)
        if (e[i].used && e[i].h1 == h1 && e[i].h2 == h2) { slot = &e[i]; break; }
    if (!slot) {
        slot = &e[0];
        for (int i = 0; i < 4; i++) {
            if (!e[i].used) { slot = &e[i]; break; }
            if (e[i].work < slot->work) slot = &e[i];
        }
    }
    slot->h1 = h1; slot->h2 = h2; slot->lo = (int16_t)lo; slot->hi = (int16_t)hi;
    slot->bcell = (int8_t)bc; slot->bpiece = (int8_t)bp; slot->used = 1;
    slot->work = work > 0xFFFFFFFFULL ? 0xFFFFFFFFU : (uint32_t)work;
    STORES++;
}

/* ------------------------------------------------------------------ search */
static int cmp_moves(const void *a, const void *b) {
    const Move *x = a, *y = b;
    if (x->order != y->order) return y->order - x->order;
    if (x->cell != y->cell) return x->cell - y->cell;
    return x->piece - y->piece;
}

static int search(const State *s, int alpha, int beta) {
    if (s->passes >= 2) return 0;
    u64 h1, h2;
    int sym;
    canon(s, &h1, &h2, &sym);
    int lo = -INF, hi = INF, bc = -2, bp = 0;
    Entry *e = probe(h1, h2);
    if (e) {
        lo = e->lo; hi = e->hi;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (e->bcell >= 0) { bc = CINV[sym][e->bcell]; bp = PINV[sym][e->bpiece]; }
        else bc = e->bcell; /* -1 pass, -2 none */
    }
    if (ABORTED) return 0;
    long long start = NODES++;
    if (NODE_LIMIT && NODES > NODE_LIMIT) { ABORTED = 1; return 0; }
    int a = alpha > lo ? alpha : lo, b = beta < hi ? beta : hi, a0 = a, b0 = b;
    Move moves[MAXMOVES];
    int n = gen(s, moves);
    moves[n].cell = -1; moves[n].piece = 0; moves[n].flip = 0; moves[n].order = -1;
    n++;
    for (int i = 0; i < n; i++)
        if (moves[i].cell == bc && moves[i].piece == bp) moves[i].order = 30000;
    qsort(moves, (size_t)n, sizeof(Move), cmp_moves);
    int white = s->to_move == 0, before = diff(s);
    int best = white ? -INF : INF, best_cell = -2, best_piece = 0;
    for (int i = 0; i < n; i++) {
        State child = *s;
        apply(&child, moves[i].cell, moves[i].piece, moves[i].flip);
        int d = diff(&child) - before;
        if (DEPTH == 0) { ROOT_DONE = i; ROOT_TOTAL = n; }
        DEPTH++;
        int v = d + search(&child, a - d, b - d);
        DEPTH--;
        if (ABORTED) return 0;
        if (white ? v > best : v < best) { best = v; best_cell = moves[i].cell; best_piece = moves[i].piece; }
        if (white) { if (best > a) a = best; } else { if (best < b) b = best; }
        if (a >= b) break;
    }
    int nlo = lo, nhi = hi;
    if (best <= a0) nhi = best < hi ? best : hi;
    else if (best >= b0) nlo = best > lo ? best : lo;
    else nlo = nhi = best;
    int sc = best_cell >= 0 ? CMAP[sym][best_cell] : best_cell;
    int sp = best_cell >= 0 ? PMAP[sym][best_piece] : 0;
    store(h1, h2, nlo, nhi, sc, sp, (u64)(NODES - start));
    return best;
}

/* ------------------------------------------------------------------ interface */
void ds_set(const int *piece, const int *own, u64 hw, u64 hb, int to_move, int passes) {
    memset(&ROOT, 0, sizeof ROOT);
    for (int c = 0; c < N; c++) {
        ROOT.piece[c] = (uint8_t)(piece[c] > 0 ? piece[c] : 0);
        if (piece[c] > 0) ROOT.col[own[c]] |= 1ULL << c;
    }
    ROOT.hand[0] = hw; ROOT.hand[1] = hb; ROOT.to_move = to_move; ROOT.passes = passes;
}

/* legal placements of the root position: cells, pieces, reversed cells; returns the count */
int ds_legal(int *cells, int *pieces, u64 *flips) {
    Move moves[MAXMOVES];
    int n = gen(&ROOT, moves);
    for (int i = 0; i < n; i++) { cells[i] = moves[i].cell; pieces[i] = moves[i].piece; flips[i] = moves[i].flip; }
    return n;
}

/* play a move on the root position (cell -1: pass); 0 when it is not legal */
int ds_play(int cell, int piece) {
    if (cell < 0) { apply(&ROOT, -1, 0, 0); return 1; }
    Move moves[MAXMOVES];
    int n = gen(&ROOT, moves);
    for (int i = 0; i < n; i++)
        if (moves[i].cell == cell && moves[i].piece == piece) {
            apply(&ROOT, cell, piece, moves[i].flip);
            return 1;
        }
    return 0;
}

/* the root position: pieces (0 vacant), owners (-1 vacant), hands, turn, passes */
void ds_get(int *piece, int *own, u64 *hands, int *turn) {
    for (int c = 0; c < N; c++) {
        piece[c] = ROOT.piece[c];
        own[c] = ROOT.piece[c] ? owner(&ROOT, c) : -1;
    }
    hands[0] = ROOT.hand[0]; hands[1] = ROOT.hand[1];
    turn[0] = ROOT.to_move; turn[1] = ROOT.passes;
}

int ds_diff(void) { return diff(&ROOT); }

/* White's future gain from the root within (alpha, beta), fail-soft; *aborted set when the
 * node limit stopped the search (the value is then meaningless) */
int ds_search(int alpha, int beta, long long node_limit, int *aborted) {
    ABORTED = 0; DEPTH = 0;
    NODE_LIMIT = node_limit ? NODES + node_limit : 0;
    int v = search(&ROOT, alpha, beta);
    *aborted = ABORTED;
    return v;
}

long long ds_nodes(void) { return NODES; }

/* the root move being searched (0-based, in search order) and the root's move count */
void ds_root_progress(int *done, int *total) { *done = ROOT_DONE; *total = ROOT_TOTAL; }
long long ds_stores(void) { return STORES; }

/* the table's bounds of the root position (lo, hi); 0 when not stored */
int ds_bounds(int *lo, int *hi) {
    u64 h1, h2;
    int sym;
    canon(&ROOT, &h1, &h2, &sym);
    Entry *e = probe(h1, h2);
    if (!e) { *lo = -INF; *hi = INF; return 0; }
    *lo = e->lo; *hi = e->hi;
    return 1;
}

/* the table to or from a file (a checkpoint: every stored bound is a proved fact, so a later
 * run may start from it); returns 0 on success */
int ds_save(const char *path) {
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    u64 size = TTMASK + 1;
    int ok = fwrite(&size, sizeof size, 1, f) == 1 && fwrite(&NODES, sizeof NODES, 1, f) == 1
             && fwrite(TT, sizeof(Entry), (size_t)size, f) == (size_t)size;
    return (fclose(f) == 0 && ok) ? 0 : -1;
}

int ds_load(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    u64 size = 0;
    long long nodes = 0;
    int ok = fread(&size, sizeof size, 1, f) == 1 && size == TTMASK + 1
             && fread(&nodes, sizeof nodes, 1, f) == 1
             && fread(TT, sizeof(Entry), (size_t)size, f) == (size_t)size;
    fclose(f);
    if (!ok) { ds_clear(); return -1; }
    NODES = nodes;
    return 0;
}
