/**
 * Figures of the reports: line charts with 95% interval error bars and scatter plots, drawn
 * headless with XChart and written as PNG and SVG (VectorGraphics2D) beside their CSV data.
 */
package io.pmbench.reports.figures;
