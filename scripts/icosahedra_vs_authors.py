#!/usr/bin/env python3
"""The authors' icosahedron pour: our overlap median / max per h and model (mu 0 and 0.3) against
the authors' PEG (the lower of their two exports, box3d and solverData), as a Markdown table, with
the misses of issue 13's targets (max <= theirs; median <= theirs, or <= 1e-12 m^3 where theirs is 0).
  usage: python3 scripts/icosahedra_vs_authors.py OUT   (OUT of scripts/sweep_pour3d.sh)"""
import csv, glob, os, sys
ref={}
for r in csv.DictReader(open(os.path.join(os.path.dirname(__file__), '..', '..', 'shared', 'data', 'reference-pour3d', 'reference-medians.csv'))):
    if r['model']=='PEG' and r['overlap_max_m3']:
        h=round(float(r['h']),3); m=(float(r['overlap_median_m3']),float(r['overlap_max_m3']))
        ref[h]=(min(ref[h][0],m[0]),min(ref[h][1],m[1])) if h in ref else m
ours={}
for f in glob.glob(sys.argv[1]+'/ico_h*/sweep.csv'):
    for r in csv.DictReader(open(f)):
        mu=f.split('_mu')[1].split('/')[0]
        ours[(r['model'],round(float(r['h']),3),mu)]=r
print("| h | authors' PEG median / max (the lower of their two exports) | peg µ=0 median / max | peg-accurate µ=0 | peg µ=0.3 | peg-accurate µ=0.3 |")
print("|---|---|---|---|---|---|")
bad=[]; fails=0; cpu={}
for h in sorted({k[1] for k in ours}):
    a=ref.get(h)
    line=f"| {h} | " + (f"{a[0]:.1e} / {a[1]:.1e}" if a else "–")
    for mu in ['0','0.3']:
        for m in ['peg','peg-accurate']:
            r=ours[(m,h,mu)]
            med,mx=float(r['overlap_median']),float(r['overlap_max'])
            fails+=int(r['solver_failures'])+int(r['escaped'])+int(r['diverged'])
            cpu[(m,mu)]=cpu.get((m,mu),0)+float(r['wall_seconds'])
            flag=''
            if a:
                if mx>a[1]: flag+=' **max over**'; bad.append((h,m,mu,'max'))
                if (a[0]>0 and med>a[0]) or (a[0]==0 and med>1e-12): flag+=' **median over**'; bad.append((h,m,mu,'med'))
            line+=f" | {med:.1e} / {mx:.1e}{flag}"
    print(line+" |")
print('misses',bad,'failures+escapes+diverged',fails, 'wall', {k:round(v,1) for k,v in cpu.items()})
