/**
 * A small canvas confetti burst: pieces fall from the top for `durationMs`, then the canvas is
 * removed. No library: this is all the public contact page needs.
 */
const COLORS = ["#4338ca", "#0ea5e9", "#f97316", "#22c55e", "#eab308", "#ec4899"];

export function launchConfetti(durationMs: number) {
  const canvas = document.createElement("canvas");
  canvas.dataset.confetti = "";
  canvas.setAttribute("aria-hidden", "true");
  canvas.style.cssText = "position:fixed;inset:0;width:100%;height:100%;pointer-events:none;z-index:100";
  document.body.append(canvas);
  const context = canvas.getContext("2d");
  if (!context) return canvas.remove();
  const scale = window.devicePixelRatio || 1;
  canvas.width = window.innerWidth * scale;
  canvas.height = window.innerHeight * scale;
  context.scale(scale, scale);

  const pieces = Array.from({ length: 140 }, () => ({
    x: Math.random() * window.innerWidth,
    y: -20 - Math.random() * window.innerHeight * 0.5,
    size: 5 + Math.random() * 6,
    speed: 2 + Math.random() * 4,
    drift: -1 + Math.random() * 2,
    spin: Math.random() * Math.PI,
    color: COLORS[Math.floor(Math.random() * COLORS.length)]!,
  }));
  const started = performance.now();
  const frame = (now: number) => {
    if (now - started > durationMs) return canvas.remove();
    context.clearRect(0, 0, window.innerWidth, window.innerHeight);
    for (const piece of pieces) {
      piece.y += piece.speed;
      piece.x += piece.drift;
      piece.spin += 0.1;
      context.save();
      context.translate(piece.x, piece.y);
      context.rotate(piece.spin);
      context.fillStyle = piece.color;
      context.fillRect(-piece.size / 2, -piece.size / 4, piece.size, piece.size / 2);
      context.restore();
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
