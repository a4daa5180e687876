// Generates oracle.ndjson.gz: results of the real validator.js 13.15.35 on
// generated inputs, used by oracle_test.go.
//
//   npm pack validator@13.15.35 && tar xzf validator-13.15.35.tgz
//   VALIDATOR=./package node gen_oracle.js | gzip -9n > oracle.ndjson.gz
//
// Line kinds:
//   {"fn": <plugin name>, "arg": <2nd argument>, "cases": [[input, result]...]}
//     result: true/false (truthiness of the return value) or {"throws": msg}
//   {"fn": "charset", "table": "alpha"|"alphanumeric", "locale": l,
//     "head": [[lo, hi]...], "tail": [[lo, hi]...]}
//     head: BMP code units c (no surrogates) with test(c) true; tail: c with
//     test(first head char + c) true.
'use strict';
const path = require('path');
const V = require(path.resolve(process.env.VALIDATOR || './package'));
const { alpha, alphanumeric } = require(path.resolve(process.env.VALIDATOR || './package', 'lib/alpha'));

let seed = 0x5eed1;
function rnd() { // mulberry32
    seed |= 0; seed = (seed + 0x6D2B79F5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(rnd() * a.length)];
const digits = (n) => Array.from({ length: n }, () => pick('0123456789')).join('');
const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function run(fn, arg, input) {
    try {
        return !!V[fn](input, arg);
    } catch (e) {
        return { throws: e.message };
    }
}
const out = [];
function emit(name, method, arg, inputs) {
    const uniq = [...new Set(inputs)];
    out.push(JSON.stringify({ fn: name, arg, cases: uniq.map((s) => [s, run(method, arg, s)]) }));
}

const noise = ['0', '1', '5', '9', 'A', 'a', 'O', 'o', 'S', 's', 'W', 'w', 'X', 'x', 'v', 'V', 'Z', 'I',
    ' ', '-', '\u00a0', '\n', '\u2028', '\u212a', '\u017f', '\u0131', 'é', '(', ')', '[', ']', '.', ',',
    '\t', '+', 'ß', '\u3000', '٫', 'e', 'E', '$', '€'];
function mutate(s) {
    const a = Array.from(s);
    const n = 1 + Math.floor(rnd() * 2);
    for (let k = 0; k < n; k++) {
        const i = Math.floor(rnd() * (a.length + 1));
        const op = rnd();
        if (op < 0.4 && a.length) a[Math.min(i, a.length - 1)] = pick(noise);
        else if (op < 0.6) a.splice(i, 0, pick(noise));
        else if (op < 0.8 && a.length) a.splice(Math.min(i, a.length - 1), 1);
        else if (a.length) {
            const j = Math.min(i, a.length - 1);
            a[j] = a[j] === a[j].toUpperCase() ? a[j].toLowerCase() : a[j].toUpperCase();
        }
    }
    return a.join('');
}
function fuzz(seeds, n) {
    const res = [...seeds];
    for (let i = 0; i < n; i++) res.push(mutate(pick(seeds)));
    return res;
}

// ---- alpha / alphanumeric: full BMP membership -------------------------
function ranges(test) {
    const rs = [];
    for (let c = 0; c <= 0xffff; c++) {
        if (c >= 0xd800 && c <= 0xdfff) continue;
        if (!test(String.fromCharCode(c))) continue;
        const last = rs[rs.length - 1];
        if (last && (last[1] === c - 1 || (last[1] === 0xd7ff && c === 0xe000))) last[1] = c;
        else rs.push([c, c]);
    }
    return rs;
}
for (const [table, tbl] of [['alpha', alpha], ['alphanumeric', alphanumeric]]) {
    for (const [locale, re] of Object.entries(tbl)) {
        const head = ranges((c) => re.test(c));
        const first = String.fromCharCode(head[0][0]);
        const tail = ranges((c) => re.test(first + c));
        out.push(JSON.stringify({ fn: 'charset', table, locale, head, tail }));
    }
}
const alphaArgs = ['en-US', 'de-DE', 'ko-KR', 'hi-IN', 'th-TH', 'tr-TR', 'uk-UA', 'el-GR', 'fa-AF',
    'xx', '', 'toString', '__proto__', 'constructor', ['de-DE'], ['a', 'b'], 5, true, null, {}, 'any'];
const alphaInputs = ['', 'abc', 'ABC', 'Straße', 'ß', 'ẞ', '\u212a', '\u017f', 'ı', 'İ', 'i̇', 'aé', 'ab c',
    'अआ', 'अॲ', 'ॲअ', 'क़', 'ก ข', 'ก\u00a0ข', '가나', '', 'ΐΰ', 'ᾀ', 'ᾈ', 'ς', 'Σ', 'µ', 'Μ', 'I', 'i',
    'ﬀ', '１２', '12', 'a1', '😀', 'a😀', "'", "a'b", '\n', 'ab\n'];
for (const a of alphaArgs) {
    emit('alpha', 'isAlpha', a, alphaInputs);
    emit('alphanumeric', 'isAlphanumeric', a, alphaInputs);
}

// ---- postal codes -----------------------------------------------------
const postalSeeds = {
    AD: ['AD100'], AT: ['1010'], AU: ['2620'], AZ: ['AZ1000'], BA: ['71000'], BD: ['1000', '9400'],
    BE: ['1000'], BG: ['1000'], BR: ['39100-000', '22040020'], BY: ['225320'], CA: ['L4T 0A5', 'G1A-0A2', 'b2r1e4'],
    CH: ['8000'], CN: ['150237', '910000'], CO: ['050034', '110221'], CZ: ['110 00', '11000'], DE: ['10115'],
    DK: ['2100'], DO: ['10101'], DZ: ['16000'], EE: ['10111'], ES: ['01001', '52999'], FI: ['00100'],
    FR: ['75008', '97100', '97600'], GB: ['SW1A 1AA', 'TW8 9GS', 'BS98 1TL', 'GIR 0AA', 'gir0aa', 'M1 1AE', 'W1A'],
    GR: ['022 93'], HR: ['10000'], HT: ['HT1440'], HU: ['1011'], ID: ['40181'], IE: ['A65 TF12', 'A6W U9U9', 'D02 X285'],
    IL: ['10200', '1029200'], IN: ['364240', '110001', '560001'], IR: ['4351666456', '5614736867', '1111143213'],
    IS: ['101'], IT: ['00100'], JP: ['135-0000'], KE: ['00100'], KR: ['03051', '135280'], LI: ['9485', '9497'],
    LT: ['LT-12345'], LU: ['1234'], LV: ['LV-1234'], LK: ['10100'], MC: ['98000'], MG: ['101'], MX: ['01000'],
    MT: ['VLT 1117', 'VLT1117'], MY: ['50000'], NL: ['1012 AB', '3432FE', '1234 sa', '1234SD', '1234 ss'],
    NO: ['0150'], NP: ['10811', '977', '44600'], NZ: ['6011'], PK: ['44000'], PL: ['12-930'],
    PR: ['00979', '00631-1234'], PT: ['4829-489', '4829-'], RO: ['010011'], RU: ['101000'], SA: ['11564'],
    SE: ['123 45', '12345'], SG: ['018956'], SI: ['1000'], SK: ['811 01'], TH: ['10200'], TN: ['1000'],
    TW: ['360', '90312', '100001'], UA: ['01001'], US: ['85249', '85249-1234'], ZA: ['2000'], ZM: ['10101'],
};
const allPostal = [].concat(...Object.values(postalSeeds));
for (const [loc, seeds] of Object.entries(postalSeeds)) {
    emit('postalcode', 'isPostalCode', loc, fuzz(seeds, 70));
}
emit('postalcode', 'isPostalCode', 'any', fuzz(allPostal, 300));
for (const a of ['xx', 'toString', '__proto__', ['US'], ['any'], 5, null, {}]) {
    emit('postalcode', 'isPostalCode', a, ['85249', 'abc']);
}

// ---- identity cards -----------------------------------------------------
const yyyymmdd = () => pick(['19', '20', '18', '21']) + digits(2) + pick(['01', '02', '09', '10', '12', '13', '00']) +
    pick(['01', '15', '28', '29', '30', '31', '32', '00']);
const idGen = {
    PL: () => digits(11),
    ES: () => pick(['', 'X', 'Y', 'Z']) + digits(pick(['', 'X', 'Y', 'Z']) ? 7 : 8) + pick('TRWAGMYFPDXBNJZSQVHLCKEtrw'),
    FI: () => digits(6) + pick('-A+') + digits(3) + pick('0123456789ABCDEFHJKLMNPRSTUVWXY'),
    IN: () => pick('123456789') + digits(3) + pick(['', ' ']) + digits(4) + pick(['', ' ', '\u00a0']) + digits(4),
    IR: () => digits(10),
    IT: () => pick(['C', 'c']) + pick(upper) + digits(5) + pick(upper) + pick(upper),
    NO: () => digits(11),
    TH: () => pick('12345678') + digits(12),
    LK: () => (rnd() < 0.5 ? pick('123456789') + digits(8) + pick('vxVXy') : pick('0123456789') + digits(11)),
    'he-IL': () => digits(9),
    'ar-LY': () => pick('123') + digits(11),
    'ar-TN': () => digits(pick([7, 8, 9])),
    'zh-CN': () => (rnd() < 0.3
        ? pick(['11', '12', '31', '44', '99']) + digits(4) + yyyymmdd().slice(2) + digits(3)
        : pick(['11', '12', '31', '44', '99', '81']) + digits(4) + yyyymmdd() + digits(3) + pick('0123456789Xx')),
    'zh-HK': () => pick(['', pick(upper)]) + pick(upper) + digits(6) + pick(['(', '[', '']) + pick('0123456789A') +
        pick([')', ']', '']),
    'zh-TW': () => pick(upper) + pick('12') + digits(8),
    PK: () => pick('1234567') + digits(4) + '-' + digits(7) + '-' + pick('0123456789'),
};
const allId = [];
for (const [loc, gen] of Object.entries(idGen)) {
    const good = [];
    const bad = [];
    for (let i = 0; i < 4000 && (good.length < 40 || bad.length < 20); i++) {
        const s = gen();
        if (V.isIdentityCard(s, loc)) good.push(s);
        else bad.push(s);
    }
    allId.push(...good.slice(0, 10));
    emit('identitycard', 'isIdentityCard', loc,
        [...good.slice(0, 40), ...bad.slice(0, 20), ...fuzz(good.length ? good : bad, 60)]);
}
emit('identitycard', 'isIdentityCard', 'any', fuzz(allId, 200));
for (const a of ['xx', 'toString', 'constructor', 'valueOf', 'hasOwnProperty', 'propertyIsEnumerable',
    'isPrototypeOf', '__lookupGetter__', '__defineGetter__', '__proto__', ['PL'], ['any'], null, {}]) {
    emit('identitycard', 'isIdentityCard', a, ['PL', 'he-IL', 'any', '12345678901', '']);
}

// ---- decimal / float / numeric ----------------------------------------
const numAlphabet = '0123456789.,٫-+eE u';
const numInputs = ['', ' ', '.', ',', '-', '+', ' - ', '0', '00123', '-0', '+1', '1.', '.5', '-.5', '1.5', '1,5',
    '1٫5', '٫5', '1e5', '1E-5', 'e5', '+e5', '-.', '1.e3', '1,5e3', '1.2.3', '1,2,3', '3.7', '3.69', '10', '9.9',
    '-5.5', '-5.6', '1e400', '1undefined5', 'undefined', '1u5', '1i', ' 1', '1 ', '0.01', '0.001', '123.456',
    '1e', '1e+', '١٢٣', '1\n', '١.٥'];
for (let i = 0; i < 60; i++) {
    const n = Math.floor(rnd() * 6);
    numInputs.push(Array.from({ length: n }, () => pick(numAlphabet)).join(''));
}
const locales = ['en-US', 'de-DE', 'ar', 'ar-EG', 'fa-IR', 'en-ZM', 'xx', ['bg-BG'], null, 5, '', 'toString',
    '__proto__', 'constructor'];
for (let i = 0; i < 80; i++) {
    const o = {};
    if (rnd() < 0.8) o.locale = pick(locales);
    if (rnd() < 0.5) o.force_decimal = pick([true, false, null, 'x', 0]);
    if (rnd() < 0.6) o.decimal_digits = pick(['1,', '2', '1,3', '3,1', '0,', 'a', '', null, 2, '0', '1,2}|x{1', '1,2']);
    emit('decimal', 'isDecimal', o, numInputs);
}
for (const a of ['de-DE', 5, true, ['x']]) emit('decimal', 'isDecimal', a, numInputs);
const bounds = [3.7, -5.5, 10, 0, '3', '0x10', ' 2 ', '', null, true, false, [5], [], 'abc', {}, 1e21];
for (let i = 0; i < 80; i++) {
    const o = {};
    if (rnd() < 0.6) o.locale = pick(locales);
    for (const k of ['min', 'max', 'gt', 'lt']) if (rnd() < 0.3) o[k] = pick(bounds);
    emit('float', 'isFloat', o, numInputs);
}
for (const a of ['de-DE', 5, true, ['x']]) emit('float', 'isFloat', a, numInputs);
for (let i = 0; i < 30; i++) {
    const o = {};
    if (rnd() < 0.8) o.locale = pick(locales);
    if (rnd() < 0.3) o.no_symbols = pick([true, false, null, 'x', 0]);
    emit('numeric', 'isNumeric', o, numInputs);
}
for (const a of ['de-DE', 5, true, ['x']]) emit('numeric', 'isNumeric', a, numInputs);

// ---- currency -----------------------------------------------------------
const flags = ['require_symbol', 'allow_space_after_symbol', 'symbol_after_digits', 'allow_negatives',
    'parens_for_negatives', 'negative_sign_before_digits', 'negative_sign_after_digits',
    'allow_negative_sign_placeholder', 'allow_decimal', 'require_decimal', 'allow_space_after_digits'];
const symbols = ['$', '$', '€', 'kr.', 'R', '¥', 'US$', '', 'a.b', '(', 'c', 'p', 'e', '\\', '$$', null, 5, ['$']];
const seps = [',', '.', ' ', "'", '', 'a', 'c', 'p', 'd', 'n', null, 5, '\u00a0', '٫'];
const digitOpts = [[2], [1, 3], [], [0], ['2'], [null], [2.5], [3, 2], '2', null, 2];
function currencyInputs(o) {
    const sym = typeof o.symbol === 'string' ? o.symbol : '$';
    const th = o.thousands_separator === undefined ? ',' : String(o.thousands_separator);
    const dec = o.decimal_separator === undefined ? '.' : String(o.decimal_separator);
    const bodies = ['0', '1', '12', '123', '1234', '1' + th + '234', '12' + th + '345' + th + '678', '1234' + th + '567',
        '1' + dec + '23', '1' + dec + '2', '1' + dec + '234', dec + '50', '1' + th + '234' + dec + '56', '01', '10'];
    const res = ['', ' ', '-', sym, '-' + sym, '(' + sym + ')', 'abc', '$ 1', '1 $', '1\u2028$', '1\n'];
    for (let i = 0; i < 40; i++) {
        const b = pick(bodies);
        let s = rnd() < 0.5 ? sym + pick(['', ' ', ' ', '-', ' -', '- ']) + b : b + pick(['', ' ', '-', ' -']) + sym;
        const r = rnd();
        if (r < 0.2) s = '-' + s;
        else if (r < 0.3) s = '(' + s + ')';
        else if (r < 0.35) s = '- ' + s;
        else if (r < 0.4) s = s + '-';
        res.push(s);
    }
    return res;
}
for (let i = 0; i < 220; i++) {
    const o = {};
    for (const f of flags) if (rnd() < 0.35) o[f] = rnd() < 0.8 ? rnd() < 0.5 : pick([null, 0, 'x', 1]);
    if (rnd() < 0.5) o.symbol = pick(symbols);
    if (rnd() < 0.3) o.thousands_separator = pick(seps);
    if (rnd() < 0.3) o.decimal_separator = pick(seps);
    if (rnd() < 0.3) o.digits_after_decimal = pick(digitOpts);
    emit('currency', 'isCurrency', o, currencyInputs(o));
}
for (const a of ['$', 5, ['x']]) emit('currency', 'isCurrency', a, currencyInputs({}));

process.stdout.write(out.join('\n') + '\n');
