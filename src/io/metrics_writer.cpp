// Per-step metrics CSV (metrics_writer.h).
#include <pegsim/io/csv.h>
#include <pegsim/io/metrics_writer.h>

namespace pegsim {

MetricsCsvWriter::MetricsCsvWriter(const std::string& path) : file_(open_output_file(path)), name_(path) {
  out_ = file_.get();
  *out_ << header() << "\n";
  check_stream(*out_, name_);
}

MetricsCsvWriter::MetricsCsvWriter(std::ostream& out) : out_(&out), name_("metrics stream") {
  *out_ << header() << "\n";
  check_stream(*out_, name_);
}

std::string MetricsCsvWriter::header() {
  return "step,time,overlap,max_depth,contacts,rows,lcp_size,solver_status,residual,solve_seconds,energy,"
         "unilateral,intercontact,cross_contact,traps,solver,iterations,groups,overlapping_pairs,step_seconds,"
         "search_rounds,search_switches,search_converged,search_accepted,search_seconds,substeps,fixpoint_solves,"
         "end_depth,fixpoint_seconds,proximity_corrected,degraded,energy_gain,energy_rejections,alternative_cells,"
         "stabilisation_work,vv_sites,jammed_contacts,fixpoint_damped";
}

void MetricsCsvWriter::write(const StepRecord& r, const OverlapStats& overlap, double energy) {
  std::ostream& out = *out_;
  out << r.step << ',' << format_double(r.time) << ',' << format_double(overlap.total_area) << ','
      << format_double(overlap.max_depth) << ',' << r.contacts << ',' << r.rows << ',' << r.lcp_size << ','
      << to_string(r.solver_status) << ',' << format_double(r.residual) << ',' << format_double(r.profile.solve)
      << ',' << format_double(energy) << ',' << r.unilateral << ',' << r.intercontact << ',' << r.cross_contact
      << ',' << r.traps << ',' << csv_field(r.solver) << ',' << r.iterations << ',' << r.groups << ','
      << overlap.overlapping_pairs << ',' << format_double(r.profile.total) << ',' << r.search_rounds << ','
      << r.search_switches << ',' << (r.search_converged ? 1 : 0) << ',' << (r.search_accepted ? 1 : 0) << ','
      << format_double(r.profile.search) << ',' << r.substeps << ',' << r.fixpoint_solves << ','
      << format_double(r.end_depth) << ',' << format_double(r.profile.fixpoint) << ','
      << (r.proximity_corrected ? 1 : 0) << ',' << to_string(r.degraded) << ',' << format_double(r.energy_gain)
      << ',' << r.energy_rejections << ',' << r.alternative_cells << ',' << format_double(r.stabilisation_work)
      << ',' << r.vv_sites << ',' << r.jammed_contacts << ',' << r.fixpoint_damped << '\n';
  out.flush();  // one line per step, each on disk when written: a run stopped from outside keeps them
  check_stream(out, name_);
}

void MetricsCsvWriter::close() {
  out_->flush();
  if (file_ && file_->is_open()) file_->close();
  check_stream(*out_, name_);
}

}  // namespace pegsim
