// The page's stylesheet, inlined: the report is one file that opens offline.
export const STYLE = `
:root{--bg:#f6f8fa;--card:#fff;--fg:#1f2328;--dim:#656d76;--line:#d0d7de;--code:#f6f8fa;--pass:#1a7f37;--fail:#cf222e;--error:#8250df;--skip:#9a6700;--link:#0969da}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--card:#161b22;--fg:#e6edf3;--dim:#8d96a0;--line:#30363d;--code:#0d1117;--link:#4493f8}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--link);text-decoration:none}a:hover{text-decoration:underline}
code,pre{font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
/* Ids, URLs and code break where they must: no word widens the page (html-widths.test.ts). */
main{max-width:1240px;margin:0 auto;padding:0 20px 60px;overflow-wrap:anywhere}
header.top{background:var(--card);border-bottom:1px solid var(--line);padding:18px 20px 14px;overflow-wrap:anywhere}
header.top .inner{max-width:1200px;margin:0 auto;display:flex;gap:20px;align-items:flex-start;flex-wrap:wrap}
header.top h1{font-size:20px;margin:0 0 4px}header.top .about{flex:1 1 0;min-width:min(100%,240px)}
.verdict{font-weight:700;font-size:15px;padding:6px 14px;border-radius:6px;color:#fff;letter-spacing:.04em}
.verdict.pass{background:var(--pass)}.verdict.fail{background:var(--fail)}.verdict.incomplete{background:var(--skip)}.verdict.partial{background:var(--skip)}.verdict.interrupted{background:var(--error)}
dl.meta{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 12px;margin:6px 0 0;color:var(--dim)}
dl.meta dt{font-weight:600}dl.meta dd{margin:0;color:var(--fg)}
nav.toc{position:sticky;top:0;z-index:5;background:var(--bg);border-bottom:1px solid var(--line);padding:8px 0;margin-bottom:12px}
nav.toc{display:flex;flex-wrap:wrap;gap:2px 16px}nav.toc a{font-weight:600;white-space:nowrap}
section{margin:22px 0}
h2{font-size:17px;margin:0 0 10px;padding-bottom:6px;border-bottom:1px solid var(--line)}
h3{font-size:15px;margin:18px 0 8px}
h5{font-size:12px;margin:8px 0 4px;text-transform:uppercase;letter-spacing:.05em;color:var(--dim)}
.cards{display:flex;gap:12px;flex-wrap:wrap}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 16px;min-width:120px}
.card .n{font-size:26px;font-weight:700;line-height:1.1}.card .l{color:var(--dim)}
.card.passed .n{color:var(--pass)}.card.failed .n{color:var(--fail)}.card.errored .n{color:var(--error)}.card.skipped .n{color:var(--skip)}
.card.level{min-width:260px}.card.level .n{font-size:20px}
ul.reasons{margin:10px 0;padding-left:20px}ul.reasons li{color:var(--fail)}ul.incomplete li{color:var(--skip)}ul.not-checked li,p.not-checked{color:var(--skip)}
.charts{display:grid;grid-template-columns:1fr;gap:16px}
.chart{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 14px;margin:0}
.chart figcaption{font-weight:600;margin-bottom:6px}
.bars{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:max-content minmax(0,1fr);gap:6px 10px;align-items:center}
.bar-row{display:contents}
.bar-label{font-size:12px;color:var(--fg);text-align:right;overflow-wrap:anywhere}
.bar-track{display:flex;flex-wrap:wrap;align-items:center;gap:0 6px;min-width:0}
.bar{display:flex;gap:0;height:18px;flex:0 0 auto;width:calc((100% - 150px) * var(--share));min-width:fit-content;border-radius:2px;overflow:hidden}
.seg{flex-basis:0;min-width:2px;height:100%}
.bar-count{font-size:11.5px;color:var(--dim)}
@media (max-width:640px){.bars{grid-template-columns:minmax(0,1fr);gap:0 10px}.bar-label{text-align:left;margin-top:6px}}
.legend{display:flex;gap:14px;color:var(--dim);font-size:12.5px;margin:6px 0 0}
.legend i{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px;vertical-align:-1px}
svg.share{border-radius:4px;display:block;margin:8px 0}
.filters{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:10px 0}
.chip{border:1px solid var(--line);background:var(--card);color:var(--fg);border-radius:999px;padding:3px 12px;cursor:pointer;font:inherit}
.chip[aria-pressed=false]{opacity:.45;text-decoration:line-through}
.chip.passed,.chip.tested{border-color:var(--pass)}.chip.failed,.chip.untested{border-color:var(--fail)}.chip.errored{border-color:var(--error)}.chip.skipped,.chip.disputed{border-color:var(--skip)}
select,input[type=search]{max-width:100%;font:inherit;padding:3px 8px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg)}
input[type=search]{min-width:min(180px,100%)}
ul.msg{margin:0;padding-left:18px}
details.more>summary{cursor:pointer;color:var(--dim);font-size:12px}
.shown{color:var(--dim);margin-left:auto}
.op-group{background:var(--card);border:1px solid var(--line);border-radius:8px;margin:12px 0;overflow:hidden}
.op-group>h3{margin:0;padding:8px 12px;background:var(--code);border-bottom:1px solid var(--line);display:flex;flex-wrap:wrap;gap:0 12px;align-items:baseline;overflow-wrap:anywhere}
.op-group>h3 .counts{font-weight:400;color:var(--dim);font-size:13px}
details.case{border-top:1px solid var(--line)}details.case:first-of-type{border-top:0}
details.case>summary{cursor:pointer;padding:6px 12px;display:flex;gap:10px;align-items:baseline;flex-wrap:wrap;list-style:none}
details.case>summary::-webkit-details-marker{display:none}
details.case>summary:before{content:"▸";color:var(--dim);width:10px}details.case[open]>summary:before{content:"▾"}
details.case.failed>summary,details.case.errored>summary{background:color-mix(in srgb,var(--fail) 7%,transparent)}
.case-id{font-weight:600}.case-title{color:var(--dim);flex:1;min-width:200px}
.case-clauses{font-size:12px}.chip-link{font:12px ui-monospace,monospace;margin-left:4px}
.badge{display:inline-block;min-width:42px;text-align:center;font-size:11px;font-weight:700;text-transform:uppercase;border-radius:4px;padding:1px 6px;color:#fff}
.badge.passed{background:var(--pass)}.badge.failed{background:var(--fail)}.badge.errored{background:var(--error)}.badge.skipped{background:var(--skip)}
.tag{font-size:11px;border-radius:4px;padding:1px 6px;border:1px solid var(--line)}
.tag.regression{background:var(--fail);color:#fff;border-color:var(--fail)}.tag.known,.tag.expected{color:var(--dim)}.tag.improvement{color:var(--pass);border-color:var(--pass)}.tag.stale{color:var(--fail);border-color:var(--fail)}.tag.warn{color:var(--skip);border-color:var(--skip)}
.detail{padding:4px 16px 14px 34px}
.title-line{margin:4px 0}.dim{color:var(--dim)}.note{color:var(--dim);font-style:italic;margin:4px 0}
pre{background:var(--code);border:1px solid var(--line);border-radius:6px;padding:8px 10px;overflow:auto;white-space:pre-wrap;word-break:break-word;margin:4px 0}
pre.message.failed{border-left:3px solid var(--fail)}pre.message.errored{border-left:3px solid var(--error)}pre.message.skipped{border-left:3px solid var(--skip)}
pre.answer{max-height:320px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid var(--line)}
th{font-size:12px;color:var(--dim);font-weight:600;overflow-wrap:normal}
/* Whole words and numbers in the coverage table: where they do not fit, it scrolls in its own box (.scroll). */
table.coverage td{overflow-wrap:normal}
table.failures{margin:8px 0}.clauses-cell{width:42%}
.clause-ref q{color:var(--fg)}.clause-ref a{font:12px ui-monospace,monospace;margin-right:6px}
.eg{display:grid;grid-template-columns:max-content 1fr;gap:2px 10px;align-items:baseline}.eg .k{color:var(--dim);font-size:12px}
.eg code{background:var(--code);padding:1px 4px;border-radius:4px;word-break:break-word}.eg code.got{color:var(--fail)}
.where{font:12px ui-monospace,monospace;color:var(--dim);margin-bottom:2px}
.exchange{display:grid;grid-template-columns:1fr 1fr;gap:12px}@media (max-width:900px){.exchange{grid-template-columns:1fr}}
.curl{position:relative}.curl pre{padding-right:60px}
button.copy{position:absolute;right:8px;top:30px;font:inherit;font-size:12px;border:1px solid var(--line);background:var(--card);color:var(--fg);border-radius:4px;cursor:pointer}
/* Fixed columns: a long id or list wraps in its own column instead of widening the table. */
table.clauses{background:var(--card);border:1px solid var(--line);border-radius:8px;table-layout:fixed}
col.c-id{width:24%}col.c-status{width:96px}col.c-cases{width:30%}
.scroll{overflow-x:auto;margin:8px 0}table.coverage{background:var(--card);border:1px solid var(--line);border-radius:8px}table.coverage td.num{text-align:right;font-variant-numeric:tabular-nums}table.coverage td.bad{color:var(--fail);font-weight:600}
table.clauses tr.group-head th{background:var(--code);color:var(--fg);font-size:13px}
.cbadge{font-size:11px;font-weight:700;border-radius:4px;padding:1px 6px;color:#fff}
.cbadge.tested{background:var(--pass)}.cbadge.unspecified{background:#6e7781}.cbadge.disputed{background:var(--skip)}.cbadge.untested{background:var(--fail)}
.case-links a{font:12px ui-monospace,monospace;margin-right:6px;display:inline-block}
.case-links a.failed,.case-links a.errored{color:var(--fail);font-weight:700}.case-links a.skipped{color:var(--skip)}
.changes{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:12px}
.changes .card ul{margin:4px 0;padding-left:18px}.changes .card h3{margin:0 0 4px}
.hidden{display:none!important}
footer{color:var(--dim);font-size:12px;margin-top:40px}
@media (max-width:640px){
main{padding:0 12px 40px;overflow-wrap:anywhere}header.top{padding:14px 12px 10px;overflow-wrap:anywhere}
.case-title{min-width:0;flex-basis:100%}.detail{padding:4px 10px 12px 14px}
table.clauses thead{display:none}
table.clauses,table.clauses tbody,table.clauses tr,table.clauses th,table.clauses td{display:block;width:auto}
table.clauses td{border-bottom:0;padding:2px 10px}table.clauses tr.clause{border-bottom:1px solid var(--line);padding:6px 0}
table.clauses code{overflow-wrap:anywhere}
table.failures thead{display:none}
table.failures,table.failures tbody,table.failures tr,table.failures td{display:block;width:auto}table.failures td{border-bottom:0;padding:4px 0}table.failures tr{border-bottom:1px solid var(--line)}
}
`;
