//! Statistics accumulated per thread and merged at report time; pure data and arithmetic.
