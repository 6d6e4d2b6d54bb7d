-- | The bool module: conversions to and from bool.
module bool = {
  type t = bool
$conversions
}
