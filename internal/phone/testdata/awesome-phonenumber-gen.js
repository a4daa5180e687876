// Development tool, not used by the tests: phone numbers across every region
// with awesome-phonenumber 7.8.0's answers (the reference's library).
//   mkdir /tmp/apn && (cd /tmp/apn && npm install awesome-phonenumber@7.8.0)
//   NODE_PATH=/tmp/apn/node_modules node awesome-phonenumber-gen.js > awesome-phonenumber-7.8.0.ndjson
const { parsePhoneNumber, getExample, getSupportedRegionCodes } = require('awesome-phonenumber');
let seed = 424242;
const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const types = ['fixed-line', 'mobile', 'toll-free', 'premium-rate', 'voip', 'pager', 'uan', 'voicemail', 'shared-cost', 'personal-number'];
const inputs = new Set();
for (const region of getSupportedRegionCodes()) {
  for (const type of types) {
    let ex;
    try { ex = getExample(region, type); } catch (e) { continue; }
    if (!ex || !ex.valid || !ex.number || !ex.number.e164) continue;
    const e = ex.number.e164;
    inputs.add(e);
    inputs.add(ex.number.international);
    const d = e.slice(1);
    const last = d.length - 1;
    inputs.add('+' + d.slice(0, last) + ((+d[last] + 1) % 10));          // last digit changed
    inputs.add('+' + d + Math.floor(rnd() * 10));                        // one digit more
    inputs.add('+' + d.slice(0, last));                                  // one digit less
    const cc = String(ex.countryCode);
    let r = cc;
    for (let i = cc.length; i < d.length; i++) r += Math.floor(rnd() * 10);
    inputs.add('+' + r);                                                  // random digits, same length
    const k = 1 + Math.floor(rnd() * (d.length - cc.length - 1));
    inputs.add('+' + cc + d.slice(cc.length, cc.length + k) + String(Math.floor(rnd() * 10)).repeat(d.length - cc.length - k)); // a prefix kept
  }
}
for (const s of inputs) {
  const p = parsePhoneNumber(s);
  console.log(JSON.stringify({ in: s, valid: p.valid, e164: (p.number && p.number.e164) || '', region: p.regionCode || '' }));
}
