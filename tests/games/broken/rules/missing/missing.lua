-- Defines a step, but not the one the sequence names.
function march() end
