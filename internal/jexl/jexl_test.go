package jexl
