// The projected arc of projected Newton's line search, priced in closed form (projected_arc.h).
#include "projected_arc.h"

namespace pegsim::detail {

Vec shifted_product(const SparseMat& S, double shift, const Vec& z) {
  Vec product = Vec::Zero(z.size());
  for (Eigen::Index j = 0; j < S.outerSize(); ++j) {
    const double zj = z[j];
    if (zj == 0.0) continue;
    for (SparseMat::InnerIterator it(S, j); it; ++it) product[it.index()] += it.value() * zj;
  }
  return product + shift * z;
}

ProjectedArc::ProjectedArc(const SparseMat& S, double shift, const Vec& z, const Vec& w, const Vec& d)
    : S_(S), shift_(shift), z_(z), w_(w), e_(d), r_(Vec::Zero(z.size())) {
  for (Eigen::Index i = 0; i < e_.size(); ++i) {
    if (z_[i] <= 0.0 && e_[i] < 0.0) e_[i] = 0.0;
    else if (e_[i] < 0.0) descending_.push_back(static_cast<int>(i));
  }
  Se_ = shifted_product(S_, shift_, e_);
  we_ = w_.dot(e_);
  eSe_ = e_.dot(Se_);
}

ProjectedArc::Change ProjectedArc::at(double a) {
  crossed_.clear();
  for (int i : descending_) {
    const double x = z_[i] + a * e_[i];
    if (x < 0.0) crossed_.push_back(i), r_[i] = -x;
  }
  double wr = 0.0, rSe = 0.0, rSr = 0.0;
  for (int i : crossed_) {
    wr += w_[i] * r_[i];
    rSe += r_[i] * Se_[i];
    double column = shift_ * r_[i];  // (S' r)_i over the crossed rows
    for (SparseMat::InnerIterator it(S_, i); it; ++it) column += it.value() * r_[it.row()];
    rSr += r_[i] * column;
  }
  for (int i : crossed_) r_[i] = 0.0;
  Change change;
  change.w_delta = a * we_ + wr;
  change.f = change.w_delta + 0.5 * (a * a * eSe_ + 2.0 * a * rSe + rSr);
  return change;
}

void ProjectedArc::gradient_at(double a, Vec& gradient) {
  gradient = w_ + a * Se_;
  for (int i : descending_) {
    const double r = -(z_[i] + a * e_[i]);
    if (!(r > 0.0)) continue;
    gradient[i] += shift_ * r;
    for (SparseMat::InnerIterator it(S_, i); it; ++it) gradient[it.row()] += it.value() * r;
  }
}

}  // namespace pegsim::detail
