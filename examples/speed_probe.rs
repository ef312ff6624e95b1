use rand::SeedableRng;
fn main() {
    let g = housie::Generator::get();
    let seed = housie::Seed::from_text("probe");
    let n = 2_000_000u64;
    let t = std::time::Instant::now();
    let mut x = 0u64;
    for k in 0..n { x += g.book(&seed, k, 0).tickets()[0].cells()[0] as u64; }
    println!("full {:.0} books/s ({x})", n as f64 / t.elapsed().as_secs_f64());
    let t = std::time::Instant::now();
    for k in 0..n { let mut r = seed.rng_for(k, 0); x += g.sample_vectors(&mut r)[0][0] as u64; }
    println!("vectors only {:.0}/s ({x})", n as f64 / t.elapsed().as_secs_f64());
    let t = std::time::Instant::now();
    let mut r = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    let v = g.sample_vectors(&mut r);
    for _ in 0..n { x += g.fill(&v, &mut r).tickets()[0].cells()[0] as u64; }
    println!("fill only {:.0}/s ({x})", n as f64 / t.elapsed().as_secs_f64());
}
