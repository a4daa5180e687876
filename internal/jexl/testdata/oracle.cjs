// Development tool, not used by the tests: evaluates cases.src with the real
// jexl 2.3.0 (the reference's version) and writes cases.ndjson.
//
//   mkdir /tmp/jx && (cd /tmp/jx && npm install jexl@2.3.0)
//   NODE_PATH=/tmp/jx/node_modules node oracle.cjs > cases.ndjson
//   NODE_PATH=/tmp/jx/node_modules node oracle.cjs random > random.ndjson
//
// cases.src lines under `@jexl test` use an instance with the test
// transforms below (the Go test registers the same ones). `random` writes
// expressions generated from a fixed seed over the grammar.
//
// Each output line: {"group","exp","ctx","want"} or {"group","exp","ctx",
// "phase":"compile"|"eval","error"}. Values are JSON with tags for what JSON
// cannot hold: {"__t":"undefined"|"NaN"|"Infinity"|"-Infinity"|"-0"|"function"}.
'use strict';
const fs = require('fs');
const path = require('path');
const jexl = require('jexl');

const here = __dirname;

// Test transforms: the Go test defines the same functions.
const testJexl = new jexl.Jexl();
testJexl.addTransforms({
    upper: (v) => String(v).toUpperCase(),
    list: (...a) => a,
    len: (v) => (v == null ? -1 : v.length),
    keys: (v) => (v && typeof v === 'object' ? Object.keys(v) : []),
});
const contexts = JSON.parse(fs.readFileSync(path.join(here, 'contexts.json'), 'utf8'));

function enc(v) {
    if (v === undefined) return { __t: 'undefined' };
    if (typeof v === 'number') {
        if (Number.isNaN(v)) return { __t: 'NaN' };
        if (v === Infinity) return { __t: 'Infinity' };
        if (v === -Infinity) return { __t: '-Infinity' };
        if (Object.is(v, -0)) return { __t: '-0' };
        return v;
    }
    if (typeof v === 'function') return { __t: 'function' };
    if (Array.isArray(v)) return v.map(enc);
    if (v && typeof v === 'object') {
        const o = {};
        for (const k of Object.keys(v)) o[k] = enc(v[k]);
        return o;
    }
    return v;
}

function run(group, exp, ctxName, inst) {
    const out = { group, exp, ctx: ctxName };
    if (inst === testJexl) out.jexl = 'test';
    let compiled;
    try {
        compiled = inst.compile(exp);
    } catch (err) {
        return Object.assign(out, { phase: 'compile', error: err.message });
    }
    try {
        // a fresh copy: the context must not carry state between cases
        const ctx = JSON.parse(JSON.stringify(contexts[ctxName]));
        return Object.assign(out, { want: enc(compiled.evalSync(ctx)) });
    } catch (err) {
        return Object.assign(out, { phase: 'eval', error: err.message });
    }
}

function fromSource() {
    let group = '';
    let ctx = 'r';
    let inst = jexl;
    for (const line of fs.readFileSync(path.join(here, 'cases.src'), 'utf8').split('\n')) {
        if (line.startsWith('## ')) {
            group = line.slice(3).trim();
            ctx = 'r';
            inst = jexl;
        } else if (line.startsWith('@ctx ')) {
            ctx = line.slice(5).trim();
            if (!contexts[ctx]) throw new Error(`unknown context ${ctx}`);
        } else if (line === '@jexl test') {
            inst = testJexl;
        } else if (line.startsWith('json: ')) {
            console.log(JSON.stringify(run(group, JSON.parse(line.slice(6)), ctx, inst)));
        } else if (line !== '' && !line.startsWith('# ') && line !== '#') {
            console.log(JSON.stringify(run(group, line, ctx, inst)));
        }
    }
}

// A small deterministic PRNG (mulberry32), so the random set is stable.
function rng(seed) {
    return () => {
        seed = (seed + 0x6D2B79F5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

const atoms = ['n', 'm', 'f', 'zero', 's', 's2', 'sp', 'estr', 'sneg', 't', 'fa', 'temp', 'missing', 'arr',
    'sarr', 'empty', 'one', 'nulls', 'mixed', 'obj', 'items', 'eobj', 'word', 'emoji', 'hex', 'big', 'tiny',
    'strs', 'nested', '0', '1', '2.5', '-1', '3', "'a'", "'10'", "''", "'b c'", 'true', 'false', '[1, 2]', '[]',
    "['a', 1]", '{a: 1}', '{}', 'obj.a.b', 'obj.k', 'items.name', 'items[1].qty', 'arr[idx]', 'obj[key]',
    "items[.qty > 1].name", 'items[.price < n * 3]', 'nested[0]', 'word.length', 'arr.length', 'obj.n',
    'obj.arr.b', 's2[1]', 'arr[fidx]', 'obj.missing'];
const binops = ['+', '-', '*', '/', '//', '%', '^', '==', '!=', '<', '<=', '>', '>=', '&&', '||', 'in'];

function randomExpr(r, depth) {
    const pick = (a) => a[Math.floor(r() * a.length)];
    const sp = () => (r() < 0.8 ? ' ' : '');
    const k = depth <= 0 ? 0 : Math.floor(r() * 10);
    switch (k) {
        case 0: case 1: case 2: return pick(atoms);
        case 3: case 4: case 5:
            return randomExpr(r, depth - 1) + sp() + pick(binops) + sp() + randomExpr(r, depth - 1);
        case 6: return '!' + randomExpr(r, depth - 1);
        case 7: return '(' + randomExpr(r, depth - 1) + ')';
        case 8: return randomExpr(r, depth - 1) + ' ? ' + randomExpr(r, depth - 1) + ' : ' + randomExpr(r, depth - 1);
        default: return '[' + randomExpr(r, depth - 1) + ', ' + randomExpr(r, depth - 1) + ']';
    }
}

function random(count) {
    const r = rng(20240613);
    const seen = new Set();
    while (seen.size < count) {
        const exp = randomExpr(r, 1 + Math.floor(r() * 4));
        if (seen.has(exp)) continue;
        seen.add(exp);
        console.log(JSON.stringify(run('random', exp, 'r', jexl)));
    }
}

if (process.argv[2] === 'random') random(4000);
else fromSource();
