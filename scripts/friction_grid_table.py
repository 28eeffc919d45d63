import sys,collections
rows=[l.split() for l in open(sys.argv[1]) if l.strip()]
# model dt seed mu failures diverged search_fallbacks degraded gainsteps unexpl maxinc median max escaped wall recovered rejections
#   [deferred_spawns waiting_bodies jammed_steps: runs made after 2026-11-25]
agg=collections.defaultdict(lambda: collections.defaultdict(list))
for r in rows:
  if len(r)<17 or r[4]=='ERROR': print('bad',r); continue
  k=(r[0],float(r[1]))
  a=agg[k]
  a['fail'].append(int(r[4])); a['div'].append(r[5]=='True'); a['fb'].append(int(r[6])); a['deg'].append(int(r[7])); a['gain'].append(int(r[8]))
  a['unexpl'].append(float(r[9])); a['median'].append(float(r[11])); a['max'].append(float(r[12])); a['esc'].append(int(r[13])); a['wall'].append(float(r[14])); a['rec'].append(int(r[15])); a['rej'].append(int(r[16])); a['mu'].append(float(r[3]))
  a['defer'].append(int(r[17]) if len(r)>17 else 0); a['jam'].append(int(r[19]) if len(r)>19 else 0)
import statistics
print('| model | h | runs | failed steps (runs with any) | degraded steps | diverged runs | escapes | energy-gain steps | max unexplained gain (J) | median of run medians overlap (m²) | max overlap (m²) | search fallbacks | recovered steps | deferred spawns | jammed steps | wall s (mean) |')
print('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
for (m,h),a in sorted(agg.items()):
  n=len(a['fail'])
  print(f"| {m} | {h:g} | {n} | {sum(a['fail'])} ({sum(1 for x in a['fail'] if x>0)}) | {sum(a['deg'])} | {sum(a['div'])} | {sum(a['esc'])} | {sum(a['gain'])} | {max(a['unexpl']):.1e} | {statistics.median(a['median']):.1e} | {max(a['max']):.1e} | {sum(a['fb'])} | {sum(a['rec'])} | {sum(a['defer'])} | {sum(a['jam'])} | {statistics.mean(a['wall']):.2f} |")
